// Counted texts in each language (issue 18, decision 017). English has two forms, chosen as SPEC writes them (1 is
// "one", anything else "other"); Arabic has six, chosen by Intl.PluralRules('ar-EG'): "منتج واحد", "منتجان",
// "٣ منتجات", "١١ منتجًا", "١٠٠ منتج". The Arabic forms are a record of all six, so a text missing one fails the
// typecheck. Zod-free and small: the browser's first load, the API and the mails use it.

import { onFirstUse } from './locale.ts';

export type EnglishForms = Readonly<Record<'one' | 'other', string>>;
/** zero, one, two, few, many, other */
export type ArabicForms = Readonly<Record<Intl.LDMLPluralRule, string>>;

// made on their first use: English pages, which load this module too, never pay for them (locale.ts)
const arabicRules = onFirstUse(() => new Intl.PluralRules('ar-EG'));
// a count in Arabic is written with the digits of the Arabic prices and dates (ar-EG: ٠١٢٣…)
const arabicCount = onFirstUse(() => new Intl.NumberFormat('ar-EG'));

/** A text's `{name}` parts filled from `values`; a part without a value stays as it is. */
export function fillText(text: string, values?: Readonly<Record<string, string | number>>): string {
  return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;
}

/** The English form for `count`, its `{count}` written as before ("12"), its other parts from `values`. */
export function countedEnglish(forms: EnglishForms, count: number, values?: Readonly<Record<string, string | number>>): string {
  return fillText(forms[count === 1 ? 'one' : 'other'], { ...values, count: String(count) });
}

/** The Arabic form for `count`, its `{count}` in Arabic digits, its other parts from `values`. */
export function countedArabic(forms: ArabicForms, count: number, values?: Readonly<Record<string, string | number>>): string {
  return fillText(forms[arabicRules().select(count)], { ...values, count: arabicCount().format(count) });
}
