/** Query key of the signed-in user; its own module so the app shell can use it without the user schema. */
export const currentUserQueryKey = ['current-user'] as const;
