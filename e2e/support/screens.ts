import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'e2e/test-results/screens';
export const WIDE = { width: 1280, height: 800 };
export const NARROW = { width: 390, height: 844 };

/**
 * axe-core on the screen as it stands: any critical or serious violation of
 * WCAG 2.2 A/AA fails the test, with the rule and the elements it found.
 */
export async function expectAccessible(page: Page, screen: string) {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  // A toast lies over the header for its few seconds; target size is about the
  // controls' own size and spacing, which the toast's passing does not change.
  if ((await page.locator('.mantine-Notification-root').count()) > 0) axe.disableRules(['target-size']);
  const { violations } = await axe.analyze();
  const blocking = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  const report = blocking.map(
    (v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`).slice(0, 5).join(' | ')}`,
  );
  expect(report, `accessibility of ${screen}`).toEqual([]);
}

/**
 * A screen the walk reaches: checked with axe at desktop and phone width, and
 * photographed at both for a person to look at. The page must never be wider
 * than the phone's screen.
 */
export async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ['1280', WIDE],
    ['390', NARROW],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await expectAccessible(page, `${name} at ${label} px`);
    if (label === '390') {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} is wider than a 390 px screen`).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(WIDE);
}
