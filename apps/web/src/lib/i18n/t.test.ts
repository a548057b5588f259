// t() in lib/i18n.ts: English texts are their own keys, filled as written; in Arabic the catalog's text, its numbers
// in Egypt's Arabic digits like the prices and counts beside them (names and sizes stay as they are).
import { afterEach, describe, expect, it } from 'vitest';
import { setRenderLanguage, t } from '../i18n.ts';
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
