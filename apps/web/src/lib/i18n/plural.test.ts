// plural() in lib/i18n.ts: English's two forms exactly as SPEC writes them, Arabic's six chosen by
// Intl.PluralRules('ar-EG'), with the count in Arabic digits.
import { afterEach, describe, expect, it } from 'vitest';
import { plural, setRenderLanguage } from '../i18n.ts';
import { CATALOG } from './ar.ts';

afterEach(() => setRenderLanguage('en', null));

describe('plural', () => {
  it('writes English as SPEC does', () => {
    setRenderLanguage('en', null);
    expect(plural('{count} products', 0)).toBe('0 products');
    expect(plural('{count} products', 1)).toBe('1 product');
    expect(plural('{count} products', 12)).toBe('12 products');
    expect(plural('Cart, {count} items', 1)).toBe('Cart, 1 item');
    expect(plural('Cart, {count} items', 3)).toBe('Cart, 3 items');
    expect(plural('Only {count} left in size {size}', 2, { size: 'M' })).toBe('Only 2 left in size M');
  });

  it.each([
    [0, 'لا توجد منتجات', 'السلة، فارغة', 'نفدت الكمية من المقاس M'],
    [1, 'منتج واحد', 'السلة، منتج واحد', 'بقيت قطعة واحدة فقط من المقاس M'],
    [2, 'منتجان', 'السلة، منتجان', 'بقيت قطعتان فقط من المقاس M'],
    [3, '٣ منتجات', 'السلة، ٣ منتجات', 'بقيت ٣ قطع فقط من المقاس M'],
    [11, '١١ منتجًا', 'السلة، ١١ منتجًا', 'بقيت ١١ قطعة فقط من المقاس M'],
    [100, '١٠٠ منتج', 'السلة، ١٠٠ منتج', 'بقيت ١٠٠ قطعة فقط من المقاس M'],
  ])('writes %i in Arabic in its own form', (count, products, cart, left) => {
    setRenderLanguage('ar', CATALOG);
    expect(plural('{count} products', count)).toBe(products);
    expect(plural('Cart, {count} items', count)).toBe(cart);
    expect(plural('Only {count} left in size {size}', count, { size: 'M' })).toBe(left);
  });

  it('writes the password hint for the shop\'s minimum in Arabic', () => {
    setRenderLanguage('ar', CATALOG);
    expect(plural('At least {count} characters.', 8)).toBe('٨ أحرف على الأقل.');
    expect(plural('At least {count} characters.', 12)).toBe('١٢ حرفًا على الأقل.');
  });
});
