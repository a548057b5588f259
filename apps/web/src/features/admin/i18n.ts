// The admin's language (decision 019): the storefront's `t()` (decision 017) widened to the admin's own texts. Their
// Arabic is a chunk of its own that the lazy admin layout loads (routes.tsx), so shoppers never download it.
import { fill, getLang, getLocale, t as shopText, type UiText } from '../../lib/i18n.ts';
import type { AdminText } from './i18n/en.ts';

export type { AdminText };

let arabic: Partial<Record<string, string>> | null = null;

/** Called by the admin layout's loader before any admin screen renders (null in English). */
export function setAdminTexts(texts: Record<AdminText, string> | null): void {
  arabic = texts;
}

/** A UI text of the admin or of the storefront, in the chosen language; `{name}` parts are filled from `values`. */
export function t(text: AdminText | UiText, values?: Record<string, string | number>): string {
  const own = getLang() === 'ar' ? arabic?.[text] : undefined;
  return own !== undefined ? fill(own, values) : shopText(text as UiText, values);
}

/** A count or a position in the shop's digits (Arabic: ١٢٣). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return value.toLocaleString(getLocale(), options);
}
