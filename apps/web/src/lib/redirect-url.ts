const DEFAULT_AFTER_SIGN_IN = '/dashboard';

function hasControlOrBackslash(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return true;
  }
  return false;
}

/** Only same-origin relative paths that start with a single "/" are followed; anything else is ignored. */
export function safeRedirectUrl(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || hasControlOrBackslash(value)) return null;
  const origin = window.location.origin;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

export function afterSignInPath(redirectUrl: string | null | undefined): string {
  return safeRedirectUrl(redirectUrl) ?? DEFAULT_AFTER_SIGN_IN;
}

/** The login path that brings the visitor back to `returnTo` once signed in. */
export function loginPathFor(returnTo: string): string {
  return `/login?redirectUrl=${encodeURIComponent(returnTo)}`;
}
