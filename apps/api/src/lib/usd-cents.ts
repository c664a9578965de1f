/**
 * "12.345" USD to cents, rounding down: we never credit a fraction of a cent that was not received. Anything that is
 * not a plain decimal within safe integer cents answers null (unknown), never a wrong number.
 */
export function usdStringToCents(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,13}(\.\d+)?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}
