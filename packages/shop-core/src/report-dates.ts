// The sales report's days are Cairo's (PRODUCT section 8): a range is two calendar dates, `YYYY-MM-DD`, both included.
// The browser picks "today", "7 days" and "30 days" with these; the API checks the range with the schema.

export const SHOP_TIME_ZONE = 'Africa/Cairo';
/** The longest range the sales report answers, in days: a year and a day (a leap year's range from Jan 1 to Jan 1). */
export const REPORT_DAYS_MAX = 367;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The calendar date in Cairo at this moment. */
export function cairoDate(at: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The date `days` after (or before) a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both included (0 when `to` is before `from`, NaN unless both are dates). */
export function daysIn(from: string, to: string): number {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return Number.NaN;
  return Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1);
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const count = daysIn(from, to);
  return Number.isNaN(count) ? [] : Array.from({ length: count }, (_, index) => addDays(from, index));
}

/** The range of the last `days` days in Cairo, today included (1: today alone). */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = cairoDate(now);
  return { from: addDays(to, 1 - days), to };
}
