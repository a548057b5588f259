import { describe, expect, it } from 'vitest';
import { orderStatus, truncateName } from './text.ts';
import { formatDate, formatDateTime } from './dates.ts';

describe('truncateName', () => {
  it('keeps names of up to 40 characters whole', () => {
    expect(truncateName('Linen Shirt')).toBe('Linen Shirt');
    const forty = 'a'.repeat(40);
    expect(truncateName(forty)).toBe(forty);
  });

  it('cuts longer names at 40 characters and adds "..."', () => {
    const name = 'Relaxed Fit Heavyweight Cotton Hoodie With Kangaroo Pocket';
    expect(truncateName(name)).toBe(`${name.slice(0, 40)}...`);
    expect(truncateName('b'.repeat(41))).toBe(`${'b'.repeat(40)}...`);
  });

  it('counts Arabic letters as characters', () => {
    const arabic = 'قميص قطني بأكمام طويلة للرجال مناسب للصيف والشتاء';
    const cut = truncateName(arabic);
    expect(Array.from(cut.slice(0, -3))).toHaveLength(40);
    expect(cut).toBe(`${arabic.slice(0, 40)}...`);
  });

  it('never splits an emoji in half', () => {
    const name = '👕'.repeat(45);
    const cut = truncateName(name);
    expect(cut).toBe(`${'👕'.repeat(40)}...`);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    const mixed = `${'x'.repeat(39)}👗👗`;
    expect(truncateName(mixed)).toBe(`${'x'.repeat(39)}👗...`);
  });
});

describe('formatDate', () => {
  it('writes long month, day and year in English', () => {
    expect(formatDate('2026-11-22T10:00:00.000Z')).toBe('November 22, 2026');
    expect(formatDate(new Date(Date.UTC(2026, 0, 1, 12)))).toBe('January 1, 2026');
  });

  it("uses the shop's own day (Cairo), not UTC's", () => {
    expect(formatDate('2026-11-22T23:30:00.000Z')).toBe('November 23, 2026');
  });
});

describe('orderStatus', () => {
  it("is the order's status; an answer without one (from before the lifecycle) is 'canceled' or 'accepted'", () => {
    expect(orderStatus({ isCanceled: false, status: 'shipped' })).toBe('shipped');
    expect(orderStatus({ isCanceled: true })).toBe('canceled');
    expect(orderStatus({ isCanceled: false })).toBe('accepted');
  });
});

describe('formatDateTime', () => {
  it("writes the day and the time in the shop's own time zone (Cairo)", () => {
    expect(formatDateTime('2026-11-22T23:30:00.000Z')).toBe('November 23, 2026 at 1:30 AM');
  });
});
