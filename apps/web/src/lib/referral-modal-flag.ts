/**
 * localStorage flag: the referral outcome modal has been shown in this browser (once per browser:
 * docs/product-rules.md, Screens and navigation).
 */
export const REFERRAL_MODAL_FLAG = 'referralModalShown';

export function hasShownReferralModal(): boolean {
  try {
    return localStorage.getItem(REFERRAL_MODAL_FLAG) !== null;
  } catch {
    return false;
  }
}

export function markReferralModalShown(): void {
  try {
    localStorage.setItem(REFERRAL_MODAL_FLAG, 'true');
  } catch {
    // Storage can be unavailable (private mode); the modal then simply may show again.
  }
}

export function resetReferralModalFlag(): void {
  try {
    localStorage.removeItem(REFERRAL_MODAL_FLAG);
  } catch {
    // See markReferralModalShown.
  }
}
