// As lib/i18n/catalogs.test.ts for the storefront, for the admin's catalog (decision 019): on top of the typecheck,
// the same keys in English and Arabic, Arabic letters in every text, the same `{name}` parts; and no text of the
// storefront's repeated here, so one English text has one Arabic wherever it shows.
import { describe, expect, it } from 'vitest';
import { PLURAL_TEXTS, UI_TEXTS } from '../../../lib/i18n/en.ts';
import { ADMIN_CATALOG } from './ar.ts';
import { ADMIN_PLURALS, ADMIN_TEXTS, type AdminPluralText } from './en.ts';

const parts = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the admin catalogs', () => {
  it('have the same keys in English and Arabic', () => {
    expect(Object.keys(ADMIN_CATALOG.texts).sort()).toEqual([...ADMIN_TEXTS].sort());
    expect(Object.keys(ADMIN_CATALOG.plurals).sort()).toEqual(Object.keys(ADMIN_PLURALS).sort());
    expect(new Set(ADMIN_TEXTS).size).toBe(ADMIN_TEXTS.length);
  });

  it("repeat no text of the storefront's catalog", () => {
    const storefront = new Set<string>(UI_TEXTS);
    expect(ADMIN_TEXTS.filter((text) => storefront.has(text))).toEqual([]);
    expect(Object.keys(ADMIN_PLURALS).filter((text) => text in PLURAL_TEXTS)).toEqual([]);
  });

  it.each(ADMIN_TEXTS.map((text) => [text]))('translate "%s" into Arabic with the same {parts}', (english) => {
    const arabic = ADMIN_CATALOG.texts[english];
    expect(arabic).toMatch(/[\u0600-\u06FF]/);
    expect(parts(arabic)).toEqual(parts(english));
  });

  it.each(Object.keys(ADMIN_PLURALS).map((text) => [text as AdminPluralText]))('count "%s" in every form, keeping its {parts}', (text) => {
    const english = ADMIN_PLURALS[text];
    expect(parts(english.one)).toEqual(parts(text));
    expect(parts(english.other)).toEqual(parts(text));
    // an Arabic form may say its count in words ("طلب واحد", "طلبان"); the forms for 3 and more write it
    for (const form of Object.values(ADMIN_CATALOG.plurals[text])) expect(form).toMatch(/[\u0600-\u06FF]/);
    for (const form of ['few', 'many', 'other'] as const) expect(parts(ADMIN_CATALOG.plurals[text][form])).toEqual(parts(text));
  });
});
