/**
 * Merchants the spend simulator offers, with the issuer's enrichment (category, group, logo), so card history looks
 * like a real card's. Some have a logo and some do not, as at a real issuer.
 */
export type SandboxMerchant = {
  slug: string;
  name: string;
  description: string;
  category: string;
  group: string;
  city: string;
  code: string;
  website: string | null;
  hasLogo: boolean;
  /** Logo colours: background and letter. */
  colors: [string, string];
};

export const SANDBOX_MERCHANTS: readonly SandboxMerchant[] = [
  {
    slug: 'netflix',
    name: 'Netflix',
    description: 'NETFLIX.COM LOS GATOS US',
    category: 'Entertainment',
    group: 'Subscriptions',
    city: 'Los Gatos',
    code: '4899',
    website: 'netflix.com',
    hasLogo: true,
    colors: ['#141414', '#e50914'],
  },
  {
    slug: 'spotify',
    name: 'Spotify',
    description: 'SPOTIFY STOCKHOLM SE',
    category: 'Entertainment',
    group: 'Subscriptions',
    city: 'Stockholm',
    code: '5815',
    website: 'spotify.com',
    hasLogo: true,
    colors: ['#191414', '#1db954'],
  },
  {
    slug: 'amazon',
    name: 'Amazon',
    description: 'AMAZON MKTPL SEATTLE US',
    category: 'Shopping',
    group: 'Online Retail',
    city: 'Seattle',
    code: '5942',
    website: 'amazon.com',
    hasLogo: true,
    colors: ['#232f3e', '#ff9900'],
  },
  {
    slug: 'uber',
    name: 'Uber',
    description: 'UBER *TRIP SAN FRANCISCO US',
    category: 'Transport',
    group: 'Travel and Transport',
    city: 'San Francisco',
    code: '4121',
    website: 'uber.com',
    hasLogo: true,
    colors: ['#000000', '#ffffff'],
  },
  {
    slug: 'digitalocean',
    name: 'DigitalOcean',
    description: 'DIGITALOCEAN.COM NEW YORK US',
    category: 'Software',
    group: 'Business Services',
    city: 'New York',
    code: '7372',
    website: 'digitalocean.com',
    hasLogo: true,
    colors: ['#0069ff', '#ffffff'],
  },
  {
    slug: 'corner-cafe',
    name: 'Corner Cafe',
    description: 'SQ *CORNER CAFE AUSTIN US',
    category: 'Food and Drink',
    group: 'Restaurants',
    city: 'Austin',
    code: '5814',
    website: null,
    hasLogo: false,
    colors: ['#6b4f3a', '#ffffff'],
  },
  {
    slug: 'city-grocer',
    name: 'City Grocer',
    description: 'CITY GROCER 0142 CHICAGO US',
    category: 'Groceries',
    group: 'Everyday Spending',
    city: 'Chicago',
    code: '5411',
    website: null,
    hasLogo: false,
    colors: ['#2f855a', '#ffffff'],
  },
];

export const findMerchant = (slug: string) => SANDBOX_MERCHANTS.find((merchant) => merchant.slug === slug);

/** A simple square logo with the merchant's initial, served by the sandbox itself (the app loads nothing from other origins). */
export function merchantLogoSvg(merchant: SandboxMerchant): string {
  const [background, letter] = merchant.colors;
  const initial = merchant.name[0] ?? '?';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${background}"/><text x="32" y="43" font-family="Arial, Helvetica, sans-serif" font-size="32" font-weight="700" fill="${letter}" text-anchor="middle">${initial}</text></svg>`;
}
