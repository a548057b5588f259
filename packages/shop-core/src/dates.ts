// Dates as the shop writes them, in its own time zone (SPEC section 9). A module of its own: the pages that show dates
// load it, the home page's first load does not.
import { onFirstUse, type Lang } from './locale.ts';

const dateOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Africa/Cairo' } as const;
const dateTimeOptions = { ...dateOptions, hour: 'numeric', minute: '2-digit' } as const;
const dateFormats = { en: onFirstUse(() => new Intl.DateTimeFormat('en-US', dateOptions)), ar: onFirstUse(() => new Intl.DateTimeFormat('ar-EG', dateOptions)) };
const dateTimeFormats = {
  en: onFirstUse(() => new Intl.DateTimeFormat('en-US', dateTimeOptions)),
  ar: onFirstUse(() => new Intl.DateTimeFormat('ar-EG', dateTimeOptions)),
};

/** Dates as "November 22, 2026" (Arabic: "٢٢ نوفمبر ٢٠٢٦"), in the shop's own time zone. */
export function formatDate(value: string | Date, lang: Lang = 'en'): string {
  return dateFormats[lang]().format(typeof value === 'string' ? new Date(value) : value);
}

/** A moment in an order's timeline, as "November 22, 2026 at 3:05 PM", in the shop's own time zone. */
export function formatDateTime(value: string | Date, lang: Lang = 'en'): string {
  return dateTimeFormats[lang]().format(typeof value === 'string' ? new Date(value) : value);
}
