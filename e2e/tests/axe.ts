// axe-core's WCAG 2.2 AA and best-practice rules, run the same way by every journey that checks a screen with it
// (a11y.spec.ts, brand.spec.ts).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Waits for the screen to settle (no loading screen, no skeleton), then runs axe; returns the violations as text. */
export async function audit(page: Page, screen: string): Promise<string[]> {
  await expect(page.locator('.loading-screen')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  // colours are judged once they have settled: a dialog fading in is still half transparent
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations.map((violation) => {
    const nodes = violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`).join('\n');
    return `${screen}: [${violation.id}, ${violation.impact}] ${violation.help}\n${nodes}`;
  });
}

export function report(problems: string[]) {
  expect(problems, `axe found ${problems.length} violation(s):\n\n${problems.join('\n\n')}`).toEqual([]);
}

