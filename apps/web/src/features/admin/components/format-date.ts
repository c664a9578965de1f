const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Mar 1, 2026": the day an account was created or last changed. */
export function formatDate(iso: string): string {
  return date.format(new Date(iso));
}

/** "Mar 1, 2026, 10:00 AM": the exact moment, for a tooltip or a title. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
