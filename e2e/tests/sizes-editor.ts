// The product form's sizes editor, as the admin sees it in either language, at phone and desktop size.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Each size select has room for its longest option's text ("One size" was cut to "One siz"; a cut select still has
 * scrollWidth == clientWidth, so the text is measured), and the size rows fit the card without scrolling sideways.
 */
export async function expectSizesFit(page: Page) {
  const editor = page.locator('.sizes-editor');
  await expect(editor.locator('select').first()).toBeVisible();
  const cut = await editor.locator('select').evaluateAll((selects: HTMLSelectElement[]) => {
    const context = document.createElement('canvas').getContext('2d')!;
    return selects.flatMap((select) => {
      const style = getComputedStyle(select);
      context.font = style.font;
      const room = select.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
      return Array.from(select.options).filter((option) => context.measureText(option.text).width > room + 1).map((option) => option.text);
    });
  });
  expect(cut, 'size options cut by their select').toEqual([]);
  const rows = await editor.locator('.sizes-editor__scroll').evaluate((scroller) => ({ scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth }));
  expect(rows.scrollWidth, 'the size rows scroll sideways').toBeLessThanOrEqual(rows.clientWidth);
}
