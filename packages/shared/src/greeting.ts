/**
 * Good morning from 5 to 12, Good afternoon from 12 to 18, otherwise Good evening (docs/product-rules.md, Screens and
 * navigation).
 */
export function greetingFor(hour: number): string {
  if (hour >= 5 && hour < 12) return 'Good morning';
  if (hour >= 12 && hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export function nameFromEmail(email: string): string {
  return email.split('@')[0] ?? email;
}

/** Referred e-mails are shown as their first two characters, "...@", and the domain. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  // A local part of two characters or fewer would be shown whole: one character of it is all that is given away.
  return `${local.slice(0, local.length > 2 ? 2 : 1)}...@${domain}`;
}
