import { describe, expect, it } from 'vitest';
import { categoryInUse, onlyLeft } from './messages.ts';
import { arabicOf } from './messages.ar.ts';
import { countedArabic, countedEnglish, type ArabicForms } from './plural.ts';

const PRODUCTS_AR: ArabicForms = {
  zero: 'لا منتجات', one: 'منتج واحد', two: 'منتجان', few: '{count} منتجات', many: '{count} منتجًا', other: '{count} منتج',
};

describe('counted texts', () => {
  it.each([
    [0, 'لا منتجات'],
    [1, 'منتج واحد'],
    [2, 'منتجان'],
    [3, '٣ منتجات'],
    [10, '١٠ منتجات'],
    [11, '١١ منتجًا'],
    [99, '٩٩ منتجًا'],
    [100, '١٠٠ منتج'],
    [103, '١٠٣ منتجات'],
    [1000, '١٬٠٠٠ منتج'],
  ])('take the Arabic form Intl.PluralRules gives %i', (count, text) => {
    expect(countedArabic(PRODUCTS_AR, count)).toBe(text);
  });

  it('keep English as SPEC writes it: one for 1, other for anything else, the count in plain digits', () => {
    const forms = { one: '{count} product', other: '{count} products' };
    expect([0, 1, 2, 1000].map((count) => countedEnglish(forms, count))).toEqual(['0 products', '1 product', '2 products', '1000 products']);
    expect(countedEnglish({ one: 'Only {count} left in size {size}', other: 'Only {count} left in size {size}' }, 3, { size: 'M' })).toBe('Only 3 left in size M');
  });
});

describe("the API's counted sentences in Arabic", () => {
  it.each([
    [0, 'نفدت الكمية من المقاس M'],
    [1, 'بقيت قطعة واحدة فقط من المقاس M'],
    [2, 'بقيت قطعتان فقط من المقاس M'],
    [3, 'بقيت ٣ قطع فقط من المقاس M'],
    [11, 'بقيت ١١ قطعة فقط من المقاس M'],
    [100, 'بقيت ١٠٠ قطعة فقط من المقاس M'],
  ])('say "Only %i left in size M" in the right form', (left, arabic) => {
    expect(arabicOf(onlyLeft(left, 'M'))).toBe(arabic);
  });

  it.each([
    [1, 'هذا القسم مستخدَم في منتج واحد؛ انقله أو احذفه أولًا'],
    [2, 'هذا القسم مستخدَم في منتجين؛ انقلهما أو احذفهما أولًا'],
    [3, 'هذا القسم مستخدَم في ٣ منتجات؛ انقلها أو احذفها أولًا'],
    [11, 'هذا القسم مستخدَم في ١١ منتجًا؛ انقلها أو احذفها أولًا'],
    [100, 'هذا القسم مستخدَم في ١٠٠ منتج؛ انقلها أو احذفها أولًا'],
  ])('say how many products use a category (%i)', (count, arabic) => {
    expect(arabicOf(categoryInUse(count))).toBe(arabic);
  });
});
