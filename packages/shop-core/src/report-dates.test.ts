import { describe, expect, it } from 'vitest';
import { addDays, cairoDate, datesBetween, daysIn, isCalendarDate, lastDays } from './report-dates.ts';

describe("the report's Cairo dates", () => {
  it("takes Cairo's calendar date, not UTC's", () => {
    // 23:30 UTC on Nov 25 is 01:30 on Nov 26 in Cairo (UTC+2 in winter)
    expect(cairoDate(new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
    expect(cairoDate(new Date('2026-11-25T21:59:59Z'))).toBe('2026-11-25');
  });

  it('counts ranges of days, today included, across months and leap days', () => {
    expect(lastDays(1, new Date('2026-11-26T10:00:00Z'))).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(lastDays(7, new Date('2026-03-03T10:00:00Z'))).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    // summer time does not make a day of 23 hours count short
    expect(daysIn('2026-04-01', '2026-11-01')).toBe(215);
    expect(daysIn('2026-01-02', '2026-01-01')).toBe(0);
    // anything but two dates is no range (never a loop to the end of time)
    expect(datesBetween('2026-01-01', '__proto__')).toEqual([]);
  });

  it('knows a calendar date from something that only looks like one', () => {
    expect(isCalendarDate('2026-11-26')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-11-26T00:00')).toBe(false);
    expect(isCalendarDate('26/11/2026')).toBe(false);
  });
});
