// An order's number as people name it and quote it (PRODUCT section 2, issue 42). A module of its own: the pages that
// name orders load it, the home page's first load does not.
import { arabicDigits, type Lang } from './locale.ts';

/** An order as people name it (PRODUCT section 2): "#1001", in Arabic "#١٠٠١". */
export function formatOrderNumber(number: number, lang: Lang = 'en'): string {
  return `#${lang === 'ar' ? arabicDigits(String(number)) : number}`;
}

/**
 * An order number as a shopper or staff member writes it ("1001", "#1001", "# ١٠٠١", Persian digits too), or null when
 * the text is not one.
 */
export function readOrderNumber(text: string): number | null {
  const digits = text
    .trim()
    .replace(/^#\s*/, '')
    .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
  return /^\d{1,15}$/.test(digits) ? Number(digits) : null;
}
