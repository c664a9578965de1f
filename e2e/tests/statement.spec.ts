import type { Page } from '@playwright/test';
import {
  createTopUp,
  expect,
  expectNoSeriousA11yProblems,
  newUser,
  payTopUp,
  snap,
  test,
  verifyIdentity,
} from '../fixtures';

type Line = { id: string; kind: string; amount: number; balanceAfter: number | null; status: string };

const cardBalance = async (page: Page, cardId: string) =>
  (await (await page.request.get(`/api/cards/${cardId}/public`)).json()).balance as number;

/** Reads the whole statement through the API, as the acceptance check does. */
async function allLines(page: Page): Promise<Line[]> {
  const response = await page.request.get('/api/activity?pageSize=100');
  expect(response.status()).toBe(200);
  return (await response.json()).items;
}

/** Splits RFC 4180 CSV text into rows of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

test('the statement accounts for every cent, and its CSV has the same lines', async ({ page }) => {
  test.setTimeout(180_000);
  await newUser(page, 'statement');
  await payTopUp(page.request, 10_000);
  await verifyIdentity(page.request);

  // A card, loaded, spent on, declined, unloaded.
  const created = await page.request.post('/api/cards/create', { data: { name: '=Groceries', pin: 2468 } });
  expect(created.status()).toBe(201);
  const card = (await created.json()).card as { _id: string };
  await expect
    .poll(async () => (await page.request.get(`/api/cards/${card._id}/public`)).json().then((c) => c.status), {
      timeout: 15_000,
    })
    .toBe('active');
  expect((await page.request.patch(`/api/cards/${card._id}/load`, { data: { amount: 2000 } })).status()).toBe(200);
  await expect.poll(() => cardBalance(page, card._id), { timeout: 20_000 }).toBe(2000);
  const simulator = String((await (await page.request.get(`/api/cards/${card._id}/public`)).json()).simulatorUrl);
  const issuerCardId = simulator.split('/').pop();
  const buy = (amountCents: number, merchant: string) =>
    page.request.post(`/sandbox/issuing/simulator/cards/${issuerCardId}/purchases`, {
      data: { amountCents, merchant },
    });
  expect((await (await buy(1234, 'spotify')).json()).outcome).toBe('successful');
  expect((await (await buy(99_999, 'amazon')).json()).outcome).toBe('declined');
  await expect.poll(() => cardBalance(page, card._id), { timeout: 15_000 }).toBe(766);
  expect((await page.request.patch(`/api/cards/${card._id}/unload`, { data: { amount: 300 } })).status()).toBe(200);
  await expect.poll(() => cardBalance(page, card._id), { timeout: 20_000 }).toBe(466);
  await createTopUp(page.request, 2500);

  // Every line with a balance after it adds up to the balance; the others moved none of it.
  await expect
    .poll(async () => (await allLines(page)).some((line) => line.kind === 'card_unload'), { timeout: 20_000 })
    .toBe(true);
  const lines = await allLines(page);
  const balance = (await (await page.request.get('/api/user')).json()).balance as number;
  const total = lines.filter((line) => line.balanceAfter !== null).reduce((sum, line) => sum + line.amount, 0);
  expect(total).toBe(balance);
  for (const kind of ['top_up', 'card_creation_fee', 'card_load', 'load_fee', 'purchase', 'decline', 'card_unload'])
    expect(lines.map((line) => line.kind)).toContain(kind);

  // The dashboard's Recent Transactions are the statement's latest lines, the pending top-up with its Pay link.
  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Transactions' });
  await expect(recent.getByText(/^pending$/i).first()).toBeVisible({ timeout: 15_000 });
  await expect(recent.getByRole('link', { name: /^Pay/ }).first()).toBeVisible();
  await recent.getByRole('link', { name: /View full statement/ }).click();

  // The statement page: lines, filters, search.
  await expect(page).toHaveURL(/\/statement$/);
  const statement = page.getByRole('region', { name: 'Lines' });
  await expect(statement.getByText('Load fee · =Groceries').first()).toBeVisible();
  await expect(statement.getByText(/Reason: Insufficient balance/).first()).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await snap(page, '70-statement-1-all');
  await page.setViewportSize({ width: 320, height: 740 });
  await page.screenshot({ path: 'e2e/artifacts/screens/70-statement-1-all-320.png', fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoSeriousA11yProblems(page, 'statement at 320 px');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('textbox', { name: 'Search' }).fill('spotify');
  await expect(statement.getByText(/Spotify/i).first()).toBeVisible();
  await expect(statement.getByText('Card creation fee · =Groceries')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Search' }).fill('no such line anywhere');
  await expect(statement.getByText('Nothing here')).toBeVisible();
  await snap(page, '70-statement-2-empty-search');
  await page.getByRole('textbox', { name: 'Search' }).fill('');

  // This month's CSV: the same lines, and the typed card label cannot start a formula.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download CSV/ }).click();
  const download = await downloading;
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = parseCsv(text);
  expect(header?.[0]).toBe('Date (UTC)');
  const idColumn = header?.indexOf('Id') ?? -1;
  expect(new Set(rows.map((row) => row[idColumn]))).toEqual(new Set(lines.map((line) => line.id)));
  const amountColumn = header?.indexOf('Amount (USD)') ?? -1;
  const balanceColumn = header?.indexOf('Balance after (USD)') ?? -1;
  const csvTotal = rows
    .filter((row) => row[balanceColumn] !== '')
    .reduce((sum, row) => sum + Math.round(Number(row[amountColumn]) * 100), 0);
  expect(csvTotal).toBe(balance);
  expect(rows.some((row) => row.includes("'=Groceries"))).toBe(true);
});
