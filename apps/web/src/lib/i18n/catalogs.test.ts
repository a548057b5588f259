// On top of the typecheck (ar.ts is typed by the English texts): the two catalogs hold the same keys, every Arabic
// text is Arabic, and each keeps the `{name}` parts its English has, so no value is lost in translation.
import { describe, expect, it } from 'vitest';
import { TEXTS } from './ar.ts';
import { UI_TEXTS } from './en.ts';

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
