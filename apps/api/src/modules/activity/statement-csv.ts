import { ACTIVITY_KIND_LABELS, type ActivityItem } from '@coincard/shared';

const HEADER = [
  'Date (UTC)',
  'Kind',
  'Description',
  'Card',
  'Amount (USD)',
  'Balance after (USD)',
  'Status',
  'Reason',
  'Transaction hash',
  'Id',
];

/** Cents as a plain number of dollars with two decimals ("-12.50"), which every spreadsheet reads as a number. */
export function plainDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One RFC 4180 cell. Text a person typed (a card label) or a merchant sent could start a formula when opened in a
 * spreadsheet: a text cell starting with = + - @, a tab or a carriage return gets a leading apostrophe (OWASP's
 * advice). Amounts are written by us as numbers and are left as they are.
 */
export function csvCell(value: string, options: { text: boolean } = { text: true }): string {
  const safe = options.text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The statement as CSV: UTF-8 with a byte order mark (so spreadsheets read it as UTF-8), CRLF line ends. */
export function statementCsv(items: readonly ActivityItem[]): string {
  const rows = items.map((item) => [
    csvCell(item.createdAt.replace('T', ' ').replace(/\.\d{3}Z$/, '')),
    csvCell(ACTIVITY_KIND_LABELS[item.kind]),
    csvCell(item.description),
    csvCell(item.cardName ?? ''),
    csvCell(plainDollars(item.amount), { text: false }),
    csvCell(item.balanceAfter === null ? '' : plainDollars(item.balanceAfter), { text: false }),
    csvCell(item.status),
    csvCell(item.reason ?? ''),
    csvCell(item.topUp?.txHash ?? ''),
    csvCell(item.id),
  ]);
  return `\uFEFF${[HEADER.map((cell) => csvCell(cell)), ...rows].map((row) => row.join(',')).join('\r\n')}\r\n`;
}
