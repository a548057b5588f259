// The shop's two languages (PRODUCT section 7, "Arabic"): the `lang` cookie holds one, a first visit follows the
// browser's Accept-Language. Zod-free and small: the browser's first load and the API both use it.
export const LANGS = ['en', 'ar'] as const;
export type Lang = (typeof LANGS)[number];

export const LANG_COOKIE = 'lang';

export const isLang = (value: unknown): value is Lang => value === 'en' || value === 'ar';

/** `Intl`'s locale for a language: Egypt's Arabic, and the US English SPEC's texts are written in. */
export const localeOf = (lang: Lang): string => (lang === 'ar' ? 'ar-EG' : 'en-US');

export const dirOf = (lang: Lang): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');

/**
 * The language an Accept-Language header prefers among the shop's, q-values respected ("ar;q=0" refuses Arabic);
 * English when it names neither.
 */
export function languageOf(acceptLanguage: string | undefined | null): Lang {
  if (!acceptLanguage) return 'en';
  let best: { lang: Lang; q: number } | null = null;
  for (const part of acceptLanguage.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const lang: Lang | null = primary === 'ar' ? 'ar' : primary === 'en' || primary === '*' ? 'en' : null;
    if (lang && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? 'en';
}

/** The `lang` cookie of a Cookie header, or null when it has none (or an unknown value). */
export function langCookieOf(cookieHeader: string | undefined | null): Lang | null {
  const value = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '')?.[1];
  return isLang(value) ? value : null;
}

/**
 * A value made on its first use, then kept: `Intl` formatters cost tens of milliseconds to make on a slow phone, so
 * a page makes only the ones it shows (an English page none of the Arabic ones), after its first paint.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/** A number written in Western digits, in Egypt's Arabic ones: "1,299.5" is "١٬٢٩٩٫٥", as Intl's ar-EG writes it. */
export function arabicDigits(text: string): string {
  return text.replace(/[\d.,]/g, (char) => (char === ',' ? '٬' : char === '.' ? '٫' : ARABIC_DIGITS[Number(char)]!));
}

/** What a person typed, its Arabic-Indic and Persian digits read as Western ones: "١٢" is "12". */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}
