/**
 * Set while the user is logging out, so the guard of the page being left sends them to plain /login
 * instead of /login?redirectUrl=<that page>. Cleared when a guest page or a new sign-in takes over.
 */
let isSigningOut = false;

export function markSigningOut(): void {
  isSigningOut = true;
}

export function clearSigningOut(): void {
  isSigningOut = false;
}

export function isSigningOutNow(): boolean {
  return isSigningOut;
}
