import { SESSION_COOKIE_NAMES } from '@coincard/shared';

const MARKER = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_COOKIE_NAMES.marker}=1(?:;|$)`);

/**
 * Whether this browser may hold a session: the API sets a readable marker cookie beside the HttpOnly session cookies
 * and clears it with them. Without it the visitor is a guest, known without asking the server (which would answer
 * 401, a red line in the console for a perfectly normal state). The marker proves nothing; the server still decides.
 */
export function mayHaveSession(): boolean {
  // A page prerendered at build time (no document) is the signed-out view.
  return typeof document !== 'undefined' && MARKER.test(document.cookie);
}
