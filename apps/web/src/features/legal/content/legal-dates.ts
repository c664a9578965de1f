/** When each legal text last changed (ISO dates); change the date with the text. */
export const TERMS_LAST_UPDATED = '2026-11-22';
export const PRIVACY_LAST_UPDATED = '2026-11-22';
