import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { capture, expect } from './fixtures';

/** The folder every spec's screenshots go to (fixtures.ts, snap). */
export const SCREENS = fileURLToPath(new URL('./artifacts/screens/', import.meta.url));
const WIDTHS = [1440, 390, 320] as const;

/** Toasts and transitions come and go on their own clock: screenshots and axe wait for a still screen. */
export async function still(page: Page) {
  await expect(page.getByRole('button', { name: 'Close notification' })).toHaveCount(0, { timeout: 8000 });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** Every axe finding of WCAG A/AA, landmark rules included (moderate ones too), on what `scope` shows. */
export async function expectAxeClean(page: Page, name: string, scope?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'best-practice']);
  if (scope) builder.include(scope);
  const { violations } = await builder.analyze();
  const found = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id.startsWith('landmark'))
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe on ${name}`).toEqual([]);
}

/**
 * Screenshots a screen at 1440, 390 and 320 px in the light scheme and at 1440 px in the dark one, checking it with axe
 * in both schemes. A dialog (`scope`) is shot as the viewport shows it: a full-page shot would add the page below it.
 */
export async function shoot(page: Page, name: string, options: { scope?: string } = {}) {
  await still(page);
  const fullPage = !options.scope;
  // A full-page shot of a scrolled page draws the fixed top bar where the scroll left it.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    await page.waitForTimeout(200);
    await capture(page, { path: `${SCREENS}${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectAxeClean(page, name, options.scope);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(200);
  await capture(page, { path: `${SCREENS}${name}-1440-dark.png`, fullPage });
  await expectAxeClean(page, `${name} (dark)`, options.scope);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(size);
}
