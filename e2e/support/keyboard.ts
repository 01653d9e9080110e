import { expect, type Locator, type Page } from '@playwright/test';

async function isFocused(target: Locator): Promise<boolean> {
  return target
    .evaluate((el) => {
      const active = document.activeElement;
      return active !== null && (el === active || el.contains(active));
    })
    .catch(() => false);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user
 * would; fails when it is never reached, so a control the keyboard cannot get
 * to fails the test.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 }: { back?: boolean; max?: number } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i <= max; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target.toString()}`);
}

/** Presses an arrow key until `target` has the focus (menus, tabs, listbox options). */
export async function arrowTo(page: Page, target: Locator, key: 'ArrowDown' | 'ArrowUp' | 'ArrowRight' | 'ArrowLeft' = 'ArrowDown', max = 20) {
  for (let i = 0; i <= max; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${max} presses of ${key} never reached ${target.toString()}`);
}

/**
 * The focused control shows where the focus is: an outline, or a ring drawn
 * with a box shadow, that it does not have when it is not focused.
 */
export async function expectFocusRing(target: Locator) {
  const ring = await target.evaluate((el) => {
    const active = (document.activeElement ?? el) as HTMLElement;
    const style = getComputedStyle(active);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    return { outline, shadow, tag: active.tagName, text: (active.textContent ?? '').trim().slice(0, 40) };
  });
  expect(ring.outline || ring.shadow, `a visible focus ring on ${ring.tag} "${ring.text}"`).toBe(true);
}
