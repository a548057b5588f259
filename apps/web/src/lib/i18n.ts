// The storefront's language (PRODUCT section 7, "Arabic"; decision 017). English texts are their own keys, so an
// English page needs no catalog at all; the Arabic one (i18n/ar.ts) is a separate chunk, fetched only when Arabic
// is chosen, before the first render. The choice lives in the `lang` cookie; a first visit follows the browser.
import { ONE_SIZE } from '@shop/core/constants';
import { arabicDigits, dirOf, isLang, langCookieOf, localeOf, type Lang } from '@shop/core/locale';
import { countedArabic, countedEnglish, fillText, type ArabicForms } from '@shop/core/plural';
import { PLURAL_TEXTS, type PluralText, type UiText } from './i18n/en.ts';

export type { PluralText, UiText };

interface Catalog {
  texts: Record<UiText, string>;
  plurals: Record<PluralText, ArabicForms>;
  /** the Arabic of one of the shop's English sentences (shop-core MESSAGES, the API's answers) */
  sentence: (english: string) => string;
  governorate: (english: string) => string;
}

let lang: Lang = 'en';
let catalog: Catalog | null = null;

export const getLang = (): Lang => lang;
export const getLocale = (): string => localeOf(lang);

/** A UI text in the chosen language; `{name}` parts are filled from `values`, numbers in Arabic digits in Arabic. */
export function t(text: UiText, values?: Record<string, string | number>): string {
  if (lang !== 'ar' || !catalog) return fillText(text, values);
  const arabic = values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'number' ? arabicDigits(String(value)) : value]));
  return fillText(catalog.texts[text], arabic);
}

/**
 * A counted text in the chosen language, its `{count}` filled with `count`: English's one or other form as SPEC
 * writes it; in Arabic the one of six forms Intl.PluralRules('ar-EG') chooses, the count in Arabic digits.
 */
export function plural(text: PluralText, count: number, values?: Record<string, string | number>): string {
  return lang === 'ar' && catalog ? countedArabic(catalog.plurals[text], count, values) : countedEnglish(PLURAL_TEXTS[text], count, values);
}

/**
 * A number, or a text of digits (a size "38", a measurement "86-90"), in the page's one digit system: Egypt's Arabic
 * digits on an Arabic page, like its prices and dates; as it is in English. Letters are left alone ("XL" stays).
 */
export function digits(value: number | string): string {
  return lang === 'ar' ? arabicDigits(String(value)) : String(value);
}

/** A size as the shopper reads it: "One size" in her language, a size that is a number in the page's digits ("٣٨"). */
export function sizeLabel(size: string): string {
  return size === ONE_SIZE ? t('One size') : digits(size);
}

/** A sentence of shop-core or of the API (a toast, a form's error) in the chosen language. */
export function sentence(english: string): string {
  return lang === 'ar' && catalog ? catalog.sentence(english) : english;
}

/** A governorate's name for showing (the wire keeps the English one). */
export function governorateName(english: string): string {
  return lang === 'ar' && catalog ? catalog.governorate(english) : english;
}

/** A product's or category's name in the chosen language: the Arabic one when it has one. */
export function localName(item: { name?: string; nameAr?: string | null }): string {
  return (lang === 'ar' && item.nameAr) || item.name || '';
}

export function localTitle(item: { title: string; titleAr?: string | null }): string {
  return (lang === 'ar' && item.titleAr) || item.title;
}

/** A product's category title in the chosen language: the category's Arabic title when it has one. */
export function localCategory(product: { category: string; categoryAr?: string | null }): string {
  return (lang === 'ar' && product.categoryAr) || product.category;
}

export function localDescription(item: { description: string; descriptionAr?: string | null }): string {
  return (lang === 'ar' && item.descriptionAr) || item.description;
}

const loadArabic = async (): Promise<Catalog> => (await import('./i18n/ar.ts')).CATALOG;

/** The server's render: the language is given and its catalog passed in (the server bundle holds both). */
export function setRenderLanguage(chosen: Lang, arabic: Catalog | null): void {
  lang = chosen;
  catalog = arabic;
}

/** The language of this visit: the cookie, else the browser's first language that the shop has. */
export function browserLanguage(): Lang {
  const cookie = langCookieOf(document.cookie);
  if (cookie) return cookie;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const primary = tag?.toLowerCase().split('-')[0];
    if (isLang(primary)) return primary;
  }
  return 'en';
}

/** Called once before the first render: loads Arabic when it is the language, and sets `<html lang dir>`. */
export async function startLanguage(chosen: Lang = browserLanguage()): Promise<void> {
  catalog = chosen === 'ar' ? await loadArabic() : null;
  lang = chosen;
  document.documentElement.lang = chosen;
  document.documentElement.dir = dirOf(chosen);
}

