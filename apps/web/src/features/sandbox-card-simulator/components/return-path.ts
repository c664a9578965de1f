import { safeRedirectUrl } from '../../../lib/redirect-url';

/** The `return` parameter is followed only to a card page of this app ("/cards/…"); anything else is ignored. */
export function cardReturnPath(value: string | null): string | null {
  const path = safeRedirectUrl(value);
  return path?.startsWith('/cards/') ? path : null;
}
