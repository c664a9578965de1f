/** One deposit followed by the Add Funds modal: its own key, apart from the list's pages. */
export const depositQueryKeyRoot = ['deposit'] as const;

export const depositQueryKey = (depositId: string) => [...depositQueryKeyRoot, depositId] as const;
