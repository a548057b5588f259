// What the screenshot journey (screens.spec.ts) looks for on every screen beside axe: the defects of issue 42 that an
// assertion can hold. Each check answers what it found, one line per finding naming the screen, so one walk lists
// every screen's findings at once and each kind of defect is asserted (or marked fixme) by a test of its own.
import type { Page } from '@playwright/test';

/**
 * "Only 0 left in size XS", "38: 0 left" (issue 42, item 4): a sold-out size said as a count of nothing, in English
 * or in Arabic ("بقي ٠"), anywhere on the visible page.
 */
export async function zeroLeft(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return [...text.matchAll(/[^\n]*(?:\b0 left\b|بقي\S*\s+[0٠](?![0-9٠-٩]))[^\n]*/g)].map(([line]) => line.trim());
}

/**
 * The wire's own words shown to people (issue 42, item 10): a status or a way of paying in lower case, alone or after a
 * label ("accepted", "Payment: cash"), and a label repeated as its value ("Customer: Customer").
 */
export async function rawValues(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const raw = /^(?:[^:]{1,40}:\s*)?(accepted|pending|shipped|delivered|canceled|cash|credit|card|wallet|kiosk|customer|staff|admin)$/;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, svg, option') || parent.getClientRects().length === 0) continue;
      // what people wrote may hold any word
      if (parent.closest('bdi, [dir="auto"]')) continue;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (raw.test(text) || /\b([A-Z][a-z]+): \1\b/.test(text)) found.push(text);
    }
    return found;
  });
}

/**
 * Text people wrote (an address, a name, a review) read in its own direction (issue 42, item 6): every visible text
 * holding one of `written` sits inside an element with dir="auto" or a <bdi>, so "12 Tahrir St, 3rd floor" stays
 * in that order on an Arabic page. Form fields are left out: the browser lays out what is typed in them.
 */
export async function unisolated(page: Page, written: readonly string[]): Promise<string[]> {
  return page.evaluate((texts) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, svg, option, textarea') || parent.getClientRects().length === 0) continue;
      const text = node.textContent ?? '';
      const held = texts.find((written) => text.includes(written));
      if (held && !parent.closest('bdi, [dir="auto"]')) found.push(`"${text.trim()}" in <${parent.localName} class="${parent.className}">`);
    }
    return found;
  }, [...written]);
}

/**
 * The elements whose digits must follow an Arabic page's (issue 42, items 3 and 7): prices and the other figures the
 * shop sets in tabular figures (quantities, totals), the order's number in its heading, the cart's badge.
 */
const FIGURES = ['.price', '.tabular', '.navbar__badge', '.order-head', '.order__totals'];

/**
 * Western digits on an Arabic page where the page's own digits are Arabic-Indic: any text with a price in it ("ج.م."),
 * and every text of the marked elements above. What people wrote (inside dir="auto" or <bdi>) keeps its own digits.
 */
export async function westernDigits(page: Page): Promise<string[]> {
  return page.evaluate((figures) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, svg, option, bdi, [dir="auto"]') || parent.getClientRects().length === 0) continue;
      const text = (node.textContent ?? '').trim();
      if (!/[0-9]/.test(text)) continue;
      const marked = parent.closest(figures.join(', '));
      // the line a price is on: a quantity beside it ("ج.م. ٣٦٠ × 2") is on it too
      const priced = /ج\.م\./.test(parent.textContent ?? '');
      if (marked || priced) found.push(`"${(marked ?? parent).textContent?.replace(/\s+/g, ' ').trim()}"`);
    }
    return [...new Set(found)];
  }, FIGURES);
}

/** How far the page scrolls sideways (a phone's page must not: issue 42, item 8); 0 when it does not. */
export async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth));
}

/**
 * The size guide's columns that cannot be seen without scrolling while nothing says the table scrolls (issue 42, item
 * 8): those whose header lies outside the scrolling box, unless the box's region shows its hint ("Scroll sideways for
 * more", ScrollRegion).
 */
export async function hiddenSizeGuideColumns(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const box = document.querySelector<HTMLElement>('.size-guide [role="region"]');
    if (!box) return ['the size guide has no table'];
    const hint = box.closest('.scroll-region')?.querySelector<HTMLElement>('.scroll-region__hint');
    if (hint && hint.getClientRects().length > 0) return [];
    const frame = box.getBoundingClientRect();
    const hidden = Array.from(box.querySelectorAll<HTMLElement>('thead th')).filter((header) => {
      const rect = header.getBoundingClientRect();
      return rect.left < frame.left - 1 || rect.right > frame.right + 1;
    });
    return hidden.map((header) => header.textContent?.trim() ?? '');
  });
}
