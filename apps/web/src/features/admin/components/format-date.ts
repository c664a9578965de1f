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

const utcDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const utcShortDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Mon, Mar 2" for a UTC day "2026-03-02" (the dashboard's days are UTC days). */
export function formatUtcDay(day: string): string {
  return utcDay.format(new Date(`${day}T00:00:00Z`));
}

/** "Mar 2": a UTC day on a chart axis. */
export function formatUtcShortDay(day: string): string {
  return utcShortDay.format(new Date(`${day}T00:00:00Z`));
}
