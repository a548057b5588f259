import { getLocale } from '../../../lib/i18n.ts';

/** A report's calendar date ("Nov 26", in Arabic "٢٦ نوفمبر"): the date as written, with no time zone moving it. */
export function formatDay(date: string): string {
  return new Intl.DateTimeFormat(getLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
