// Steps every journey takes on a page, written once: waiting until a screen has settled, and moving the focus to a
// control by keyboard alone.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Waits until the screen has settled: no loading screen, no skeleton and nothing busy in the main region; with
 * `networkIdle`, no request in flight either (a screen whose reads go on after it shows, such as the dashboard's).
 */
export async function settled(page: Page, { networkIdle = false }: { networkIdle?: boolean } = {}) {
  await expect(page.locator('.loading-screen')).toHaveCount(0);
  await expect(page.locator('main .skeleton')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  if (networkIdle) await page.waitForLoadState('networkidle');
}

export interface TabOptions {
  /** Shift+Tab instead of Tab */
  back?: boolean;
  /** presses before giving up (60) */
  max?: number;
  /** the journey's step, named in a failure */
  step?: string;
  /** what each press must leave true (by default: the focus is not lost to <body>) */
  afterPress?: (presses: number) => Promise<void>;
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus after each press. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60, step, afterPress }: TabOptions = {}) {
  await expect(target).toBeAttached();
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (afterPress) await afterPress(presses + 1);
    else expect(await page.evaluate(() => document.activeElement !== document.body), 'the focus is never on <body>').toBe(true);
  }
  if (await isFocused(target)) return;
  throw new Error(`${step ? `${step}: ` : ''}the focus never reached the target`);
}
