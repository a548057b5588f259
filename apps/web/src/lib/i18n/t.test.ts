// t() in lib/i18n.ts: English texts are their own keys, filled as written; in Arabic the catalog's text, its numbers
// in Egypt's Arabic digits like the prices and counts beside them (names and sizes stay as they are).
import { afterEach, describe, expect, it } from 'vitest';
import { digits, setRenderLanguage, sizeLabel, t } from '../i18n.ts';
import { CATALOG } from './ar.ts';

afterEach(() => setRenderLanguage('en', null));

describe('t', () => {
  it('fills English as written', () => {
    setRenderLanguage('en', null);
    expect(t('Page {number}', { number: 12 })).toBe('Page 12');
  });

  it('writes the numbers it fills in Arabic digits in Arabic, and leaves names alone', () => {
    setRenderLanguage('ar', CATALOG);
    expect(t('Page {number}', { number: 12 })).toBe(CATALOG.texts['Page {number}'].replace('{number}', '١٢'));
    expect(t('Add {name} to wishlist', { name: 'Linen Shirt 2' })).toContain('Linen Shirt 2');
  });
});

describe('digits and sizeLabel', () => {
  it('write figures and sizes that are numbers in the page’s one digit system', () => {
    setRenderLanguage('en', null);
    expect(digits(12)).toBe('12');
    expect(sizeLabel('38')).toBe('38');
    expect(sizeLabel('One size')).toBe('One size');
    setRenderLanguage('ar', CATALOG);
    expect(digits(12)).toBe('١٢');
    expect(digits('86-90')).toBe('٨٦-٩٠');
    expect(sizeLabel('38')).toBe('٣٨');
    expect(sizeLabel('XL')).toBe('XL');
    expect(sizeLabel('One size')).toBe(CATALOG.texts['One size']);
  });
});
