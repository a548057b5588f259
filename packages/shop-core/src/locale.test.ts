import { describe, expect, it } from 'vitest';
import { GOVERNORATES } from './constants.ts';
import { arabicDigits, langCookieOf, languageOf, westernDigits } from './locale.ts';
import { MESSAGES } from './messages.ts';
import { FORM_MESSAGES_AR, GOVERNORATES_AR, MESSAGES_AR, arabicOf } from './messages.ar.ts';
import { MOVE_LABELS } from './order-status.ts';
import { DiscountSchema, PriceSchema } from './contract/fields.ts';
import { SizesSchema } from './contract/catalog.ts';
import { formatDiscount, formatEgp } from './money.ts';
import { formatDate } from './dates.ts';

describe('the API catalogs', () => {
  it('have the same keys in English and Arabic, each with Arabic text', () => {
    expect(Object.keys(MESSAGES_AR).sort()).toEqual(Object.keys(MESSAGES).sort());
    for (const text of Object.values(MESSAGES_AR)) expect(text).toMatch(/[\u0600-\u06FF]/);
  });

  it('write their numbers in Arabic digits, like the prices and counts beside them', () => {
    for (const text of [...Object.values(MESSAGES_AR), ...Object.values(FORM_MESSAGES_AR)]) expect(text).not.toMatch(/[0-9]/);
    expect(arabicOf('Password must be at least 8 characters')).toBe('كلمة المرور يجب ألا تقل عن ٨ أحرف');
    expect(arabicOf('Username must be at least 12 characters')).toBe('اسم المستخدم يجب ألا تقل عن ١٢ حرفًا');
    expect(arabicOf('New password must be at least 2 characters')).toBe('كلمة المرور الجديدة يجب ألا تقل عن حرفين');
  });

  it('give every governorate an Arabic name', () => {
    expect(Object.keys(GOVERNORATES_AR).sort()).toEqual([...GOVERNORATES].sort());
  });

  it("name all of Egypt's 27 governorates, Gharbia (which SPEC's list missed) among them, in order after Cairo", () => {
    expect(GOVERNORATES).toHaveLength(27);
    expect(GOVERNORATES_AR.Gharbia).toBe('الغربية');
    expect(GOVERNORATES.slice(1)).toEqual([...GOVERNORATES.slice(1)].sort());
  });

  it("say the API's answer to an order's move in Arabic", () => {
    for (const { done } of Object.values(MOVE_LABELS)) expect(arabicOf(done)).toMatch(/[\u0600-\u06FF]/);
  });

  // what the admin's product form can be told about a price, a discount or the sizes (the API says the same)
  it.each([
    [PriceSchema, '2000000'], [PriceSchema, '1.234'], [DiscountSchema, '1.5'],
    [SizesSchema, []], [SizesSchema, [{ size: 'M', stock: 'blank' }]], [SizesSchema, [{ size: 'M', stock: -1 }]],
    [SizesSchema, [{ size: 'M', stock: 1.5 }]], [SizesSchema, [{ size: 'M', stock: 1e9 }]],
    [SizesSchema, [{ size: 'M', stock: 1 }, { size: 'M', stock: 2 }]], [SizesSchema, [{ size: 'One size', stock: 1 }, { size: 'M', stock: 2 }]],
  ] as const)('say the product form check %# in Arabic', (schema, value) => {
    const checked = schema.safeParse(value);
    expect(checked.success).toBe(false);
    for (const issue of checked.error!.issues) expect(arabicOf(issue.message), issue.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('leave a sentence they do not know as it is', () => {
    expect(arabicOf('Something nobody wrote')).toBe('Something nobody wrote');
    expect(arabicOf(MESSAGES.cartEmpty)).toBe(MESSAGES_AR.cartEmpty);
  });
});

describe('languageOf', () => {
  it.each([
    [undefined, 'en'], ['', 'en'], ['ar', 'ar'], ['ar-EG', 'ar'], ['fr, ar;q=0.3', 'ar'], ['ar;q=0.3, en', 'en'],
    ['en;q=0.2, ar;q=0.8', 'ar'], ['ar;q=0', 'en'], ['de-DE', 'en'],
  ] as const)('reads %s as %s', (header, lang) => {
    expect(languageOf(header)).toBe(lang);
  });

  it('reads the lang cookie', () => {
    expect(langCookieOf('a=1; lang=ar; b=2')).toBe('ar');
    expect(langCookieOf('lang=en')).toBe('en');
    expect(langCookieOf('lang=fr')).toBeNull();
    expect(langCookieOf(undefined)).toBeNull();
  });
});

describe('formats', () => {
  it('write the same amounts for the language', () => {
    expect(formatEgp(1299.5)).toBe('EGP 1,299.50');
    expect(formatEgp(1299.5, 'ar')).toBe('١٬٢٩٩٫٥٠ ج.م.');
    expect(formatEgp(1329, 'ar')).toBe('١٬٣٢٩ ج.م.');
    expect(formatDiscount(20)).toBe('-20%');
    // as Intl writes it, with the Arabic letter marks (U+061C) that keep the minus before the number right to left
    expect(formatDiscount(20, 'ar')).toBe('\u061C-٢٠٪\u061C');
    for (const percent of [1, 5, 15, 50, 99]) {
      expect(formatDiscount(percent, 'ar')).toBe(new Intl.NumberFormat('ar-EG', { style: 'percent' }).format(-percent / 100));
    }
    expect(formatDate('2026-11-22T12:00:00Z', 'ar')).toBe('٢٢ نوفمبر ٢٠٢٦');
  });
});

describe('digits', () => {
  it('write a figure in Arabic digits and read what a person typed in either system back', () => {
    expect(arabicDigits('38')).toBe('٣٨');
    expect(westernDigits('٣٨')).toBe('38');
    expect(westernDigits('۱۲')).toBe('12');
    expect(westernDigits('x7')).toBe('x7');
  });
});
