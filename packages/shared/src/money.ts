const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export type MoneySign = 'none' | 'always';

/** The one way the product shows money: integer cents in, "$1,234.56" (or "+$25.00"/"-$3.10") out. */
export function formatCents(cents: number, sign: MoneySign = 'none'): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`formatCents needs integer cents, got ${cents}`);
  const text = usd.format(Math.abs(cents) / 100);
  if (cents < 0) return `-${text}`;
  return sign === 'always' ? `+${text}` : text;
}

/** Parses a dollar amount typed by a person ("12", "12.5", "1,000.25") into cents, or null when it is not one. */
export function parseDollarsToCents(input: string): number | null {
  const trimmed = input.trim().replaceAll(',', '');
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
