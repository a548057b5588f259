// On top of the typecheck (ar.ts is typed by the English texts): the two catalogs hold the same keys, every Arabic
// text is Arabic, and each keeps the `{name}` parts its English has, so no value is lost in translation.
import { describe, expect, it } from 'vitest';
import { PLURALS, TEXTS } from './ar.ts';
import { PLURAL_TEXTS, UI_TEXTS, type PluralText } from './en.ts';

const parts = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the storefront catalogs', () => {
  it('have the same keys in English and Arabic', () => {
    expect(Object.keys(TEXTS).sort()).toEqual([...UI_TEXTS].sort());
    expect(new Set(UI_TEXTS).size).toBe(UI_TEXTS.length);
  });

  it.each(UI_TEXTS.map((text) => [text]))('translate "%s" into Arabic with the same {parts}', (english) => {
    const arabic = TEXTS[english];
    expect(arabic).toMatch(/[\u0600-\u06FF]/);
    expect(parts(arabic)).toEqual(parts(english));
  });
});

describe('the counted texts', () => {
  it('are the same in English and Arabic', () => {
    expect(Object.keys(PLURALS).sort()).toEqual(Object.keys(PLURAL_TEXTS).sort());
  });

  it.each(Object.keys(PLURAL_TEXTS).map((text) => [text as PluralText]))('keep "%s" and its {parts} in every form', (text) => {
    const english = PLURAL_TEXTS[text];
    expect(parts(english.one)).toEqual(parts(text));
    expect(parts(english.other)).toEqual(parts(text));
    // an Arabic form may say its count in words ("منتج واحد", "منتجان"), never lose another part
    const others = parts(text).filter((part) => part !== 'count');
    for (const form of Object.values(PLURALS[text])) {
      expect(form).toMatch(/[\u0600-\u06FF]/);
      expect(parts(form).filter((part) => part !== 'count')).toEqual(others);
    }
    for (const form of ['few', 'many', 'other'] as const) expect(parts(PLURALS[text][form])).toEqual(parts(text));
  });
});
