const usdRate = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 8,
});

const coinQuantity = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 8 });

/** USD per coin as the provider quotes it: "$1.0002", "$96,480.10", "$0.00002214". */
export function formatRate(course: number): string {
  return usdRate.format(course);
}

/** How many coins pay a USD amount (the deposit's USD divided by the course: docs/product-rules.md, Deposits). */
export function coinAmountFor(usdCents: number, course: number): number {
  return usdCents / 100 / course;
}

/** A coin quantity to eight significant digits: "49.990002", "0.00051824", "2,258,355.9". */
export function formatCoinAmount(amount: number, code: string): string {
  return `${coinQuantity.format(amount)} ${code}`;
}
