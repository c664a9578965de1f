/** In-page sections of the landing page, in the order they appear. */
export const LANDING_SECTIONS = [
  { id: 'features', label: 'Features' },
  { id: 'how-it-works', label: 'How it works' },
  { id: 'referrals', label: 'Referrals' },
] as const;

/** Height of the sticky landing header; sections keep this much room when scrolled to. */
export const HEADER_HEIGHT = 64;
