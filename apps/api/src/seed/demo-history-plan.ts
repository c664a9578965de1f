/**
 * What the demo user has done by the time someone first signs in as them: a few weeks of top-ups in different coins,
 * one card, a load and some everyday purchases. Amounts in cents; keys make every step idempotent.
 */

export const DEMO_USER_AGE_DAYS = 21;

export const DEMO_TOP_UPS = [
  { key: 'demo-seed:top-up:1', currency: 'USDT', network: 'TRON', amount: 25_000, daysAgo: 16, minutes: 9 * 60 + 14 },
  { key: 'demo-seed:top-up:2', currency: 'BTC', network: 'BTC', amount: 12_000, daysAgo: 10, minutes: 18 * 60 + 2 },
  { key: 'demo-seed:top-up:3', currency: 'ETH', network: 'ARBITRUM', amount: 8_000, daysAgo: 5, minutes: 12 * 60 + 41 },
  { key: 'demo-seed:top-up:4', currency: 'USDC', network: 'POLYGON', amount: 6_000, daysAgo: 1, minutes: 20 * 60 + 5 },
] as const;

/**
 * Who the demo user is, as they gave it in the verification step: a made-up person (the phone number is in the UK's
 * range reserved for drama), whose document number the sandbox issuer approves.
 */
export const DEMO_IDENTITY = {
  firstName: 'Alex',
  lastName: 'Morgan',
  dateOfBirth: '1990-04-23',
  phone: '+44 20 7946 0321',
  address: { line1: '221B Baker Street', city: 'London', postalCode: 'NW1 6XE', country: 'GB' },
  idType: 'passport',
  idNumber: 'DM4829175',
  idCountry: 'GB',
} as const;

export const DEMO_CARD = { key: 'demo-seed:card', name: 'Subscriptions', pin: 2468 } as const;

export const DEMO_LOAD = { key: 'demo-seed:load', amount: 15_000 } as const;

/** Merchants of the sandbox issuer's spend simulator (providers/issuing/sandbox-merchants.ts). */
export const DEMO_PURCHASES = [
  { merchantSlug: 'netflix', amount: 1_549, recurring: true },
  { merchantSlug: 'spotify', amount: 1_099, recurring: true },
  { merchantSlug: 'amazon', amount: 4_230, recurring: false },
  { merchantSlug: 'digitalocean', amount: 1_200, recurring: true },
  { merchantSlug: 'corner-cafe', amount: 680, recurring: false },
] as const;
