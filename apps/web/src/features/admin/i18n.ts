// The admin's language (decision 019): the storefront's `t()` and `plural()` (decision 017) widened to the admin's
// own texts. Their Arabic is a chunk of its own that the lazy admin layout loads (routes.tsx), so shoppers never
// download it.
import { countedArabic, fillText, type ArabicForms, type EnglishForms } from '@shop/core/plural';
import { getLang, getLocale, plural as shopPlural, t as shopText, type PluralText, type UiText } from '../../lib/i18n.ts';
import { PLURAL_TEXTS } from '../../lib/i18n/en.ts';
import { ADMIN_PLURALS, type AdminPluralText, type AdminText } from './i18n/en.ts';

export type { AdminPluralText, AdminText };

/** The admin's Arabic catalog, as i18n/ar.ts gives it. */
export interface AdminCatalog {
  texts: Record<AdminText, string>;
  plurals: Record<AdminPluralText, ArabicForms>;
}

let arabic: AdminCatalog | null = null;

/** Called by the admin layout's loader before any admin screen renders (null in English). */
export function setAdminTexts(catalog: AdminCatalog | null): void {
  arabic = catalog;
}

/** A UI text of the admin or of the storefront, in the chosen language; `{name}` parts are filled from `values`. */
export function t(text: AdminText | UiText, values?: Record<string, string | number>): string {
  const own = getLang() === 'ar' ? (arabic?.texts as Partial<Record<string, string>> | undefined)?.[text] : undefined;
  return own !== undefined ? fillText(own, values) : shopText(text as UiText, values);
}

/**
 * A count with its noun, in the chosen language: in English the one or other form, the count grouped as the admin's
 * lists always wrote it ("1,204 orders"); in Arabic the form Intl.PluralRules chooses, as the storefront's `plural()`.
 */
export function plural(text: AdminPluralText | PluralText, count: number): string {
  if (getLang() === 'ar') {
    const own = (arabic?.plurals as Partial<Record<string, ArabicForms>> | undefined)?.[text];
    return own ? countedArabic(own, count) : shopPlural(text as PluralText, count);
  }
  const forms: EnglishForms = text in ADMIN_PLURALS ? ADMIN_PLURALS[text as AdminPluralText] : PLURAL_TEXTS[text as PluralText];
  return fillText(forms[count === 1 ? 'one' : 'other'], { count: formatNumber(count) });
}

/** A count or a position in the shop's digits (Arabic: ١٢٣). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return value.toLocaleString(getLocale(), options);
}
