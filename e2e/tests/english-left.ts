// How the Arabic journeys (arabic.spec.ts, admin-arabic.spec.ts) find English left on a page: visible text, the
// accessible names, the cards' column labels, the words CSS writes (::before, ::after) and the selects' options that
// still hold a Latin word once the parts allowed in Arabic (names the shop's people wrote, emails, sizes, brands) are
// taken out.
import type { APIRequestContext, Page } from '@playwright/test';
import type { AnswerOf, CountedEndpointName } from '@shop/core/endpoints';
import { call, callPage, type CallInput } from './api.ts';
import { expect } from './fixtures.ts';

/** Latin words the Arabic pages may show: sizes, emails, card brands (and the shop's name, read from its settings). */
const ALLOWED = [
  /[\w.+-]+@[\w.-]+/g,
  /\b(XS|S|M|L|XL|XXL)\b/g,
  /\b(VISA|COD|CVC|MM\/YY|Mastercard|American Express|Visa)\b/g,
  /http\S+/g,
  // the toasts region names its keyboard shortcut
  /\bAlt\+T\b/g,
];

/**
 * The names people wrote (products, categories, customers, orders' billing), read while the page is read and after
 * it: other journeys run beside this one and add, rename and delete theirs.
 */
export type AllowedNames = string[] | (() => Promise<string[]>);

/**
 * Every name `read` has answered so far in this journey, read again at each call: a page can still show a name from
 * its own cache (the admin's lists keep 30 s) after another journey deleted it.
 */
export function namesSeen(read: () => Promise<string[]>): () => Promise<string[]> {
  const seen = new Set<string>();
  return async () => {
    for (const name of await read()) seen.add(name);
    return [...seen];
  };
}

/** What a page still shows in English: texts with a Latin word left once the allowed parts and names are removed. */
export async function englishLeft(page: Page, allowedNames: AllowedNames, allowed: RegExp[] = []): Promise<string[]> {
  const read = typeof allowedNames === 'function' ? allowedNames : async () => allowedNames;
  // read as the page is read and again after it: a name another journey adds after the first read, or deletes before
  // the second (admin.spec.ts deletes its category), is in one of them
  const before = read();
  // the shop's name, in the Latin letters its owner gave it where no Arabic one was given (the titles)
  const { name: shop } = await call(page.request, 'getSettings');
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [aria-hidden="true"], svg')) continue;
      // a part in another language on purpose (the switch names English in English)
      if (parent.closest('[lang]')?.getAttribute('lang') !== 'ar') continue;
      // a closed select's options have no boxes: they are read below
      if (parent.closest('option')) continue;
      if (parent.closest('.visually-hidden') === null && parent.getClientRects().length === 0) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    // the cards' column labels (data-label, shown by CSS on a phone) are names too
    for (const element of Array.from(document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt], [data-label]'))) {
      if (element.closest('[lang]')?.getAttribute('lang') !== 'ar') continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'data-label']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    // words CSS writes before or after an element (`content: 'Order '`, `content: attr(data-word)`): not in the DOM, but on the screen
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.closest('[lang]')?.getAttribute('lang') !== 'ar' || element.closest('[aria-hidden="true"], svg')) continue;
      if (element.getClientRects().length === 0) continue;
      for (const pseudo of ['::before', '::after']) {
        const content = getComputedStyle(element, pseudo).content;
        for (const [, text] of content.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
          if (text?.trim()) found.push(text.trim());
        }
        // `content: attr(data-word)`: the attribute's text is what shows
        for (const [, name] of content.matchAll(/attr\(\s*([\w-]+)\s*\)/g)) {
          const text = name ? element.getAttribute(name)?.trim() : undefined;
          if (text) found.push(text);
        }
      }
    }
    for (const option of Array.from(document.body.querySelectorAll('option'))) {
      if (option.closest('[lang]')?.getAttribute('lang') !== 'ar') continue;
      const text = option.textContent?.trim();
      if (text) found.push(text);
    }
    found.push(document.title);
    return found;
  });
  // (an empty name would split every text into letters and double it, once for each such name)
  const written = [...(await before), ...(await read()), shop];
  const names = [...new Set(written)].filter((name) => name.length > 0).sort((a, b) => b.length - a.length);
  return texts.filter((text) => {
    let rest = text;
    for (const pattern of [...ALLOWED, ...allowed]) rest = rest.replace(pattern, ' ');
    for (const name of names) rest = rest.split(name).join(' ');
    return /[A-Za-z]{2,}/.test(rest);
  });
}

/** The page is Arabic and right to left, does not scroll sideways, and shows no English (soft: one run lists every page). */
export async function expectArabicPage(page: Page, allowedNames: AllowedNames, allowed: RegExp[] = []) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `no horizontal scroll on ${page.url()}`).toBeLessThanOrEqual(0);
  expect.soft(await englishLeft(page, allowedNames, allowed), `English left on ${page.url()}`).toEqual([]);
}

/** Every item of a counted list, page after page. */
export async function everyItem<N extends CountedEndpointName>(request: APIRequestContext, name: N, token?: string): Promise<AnswerOf<N>> {
  const items: unknown[] = [];
  for (let page = 1; ; page += 1) {
    // the paged lists' queries all take page and limit
    const answer = await callPage(request, name, { query: { page, limit: 100 }, token } as CallInput<N>);
    const got = answer.items as unknown[];
    items.push(...got);
    if (got.length === 0 || items.length >= answer.total) return items as AnswerOf<N>;
  }
}

/** Every product and category name of the shop (English ones may show where no Arabic name was given). */
export async function catalogNames(request: APIRequestContext): Promise<string[]> {
  const products = await everyItem(request, 'listProducts');
  const categories = await call(request, 'listCategories');
  return [
    // content the shop's admin wrote in English only (no Arabic name or description given)
    ...products.flatMap((product) => [product.name, product.name.slice(0, 40), product.description, product.nameAr ?? '', (product.nameAr ?? '').slice(0, 40)]),
    ...categories.flatMap((category) => [category.title, category.titleAr ?? '']),
  ];
}
