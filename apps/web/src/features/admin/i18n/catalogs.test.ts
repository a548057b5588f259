// As lib/i18n/catalogs.test.ts for the storefront, for the admin's catalog (decision 019): on top of the typecheck,
// the same keys in English and Arabic, Arabic letters in every text, the same `{name}` parts; and no text of the
// storefront's repeated here, so one English text has one Arabic wherever it shows.
import { describe, expect, it } from 'vitest';
import { UI_TEXTS } from '../../../lib/i18n/en.ts';
import { ADMIN_TEXTS_AR } from './ar.ts';
import { ADMIN_TEXTS } from './en.ts';

const parts = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the admin catalogs', () => {
  it('have the same keys in English and Arabic', () => {
    expect(Object.keys(ADMIN_TEXTS_AR).sort()).toEqual([...ADMIN_TEXTS].sort());
    expect(new Set(ADMIN_TEXTS).size).toBe(ADMIN_TEXTS.length);
  });

  it("repeat no text of the storefront's catalog", () => {
    const storefront = new Set<string>(UI_TEXTS);
    expect(ADMIN_TEXTS.filter((text) => storefront.has(text))).toEqual([]);
  });

  it.each(ADMIN_TEXTS.map((text) => [text]))('translate "%s" into Arabic with the same {parts}', (english) => {
    const arabic = ADMIN_TEXTS_AR[english];
    expect(arabic).toMatch(/[\u0600-\u06FF]/);
    expect(parts(arabic)).toEqual(parts(english));
  });
});
