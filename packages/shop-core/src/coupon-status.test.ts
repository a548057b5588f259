// A code's status on the dashboard's list (issue 42: an ended code said "Paused", one starting in three days "Active").
import { describe, expect, it } from 'vitest';
import { couponStatus } from './coupon-status.ts';

const now = Date.parse('2026-11-29T10:00:00Z');
const day = 86_400_000;
const iso = (at: number) => new Date(at).toISOString();
const code = (overrides: Partial<{ active: boolean; startsAt: string | null; endsAt: string | null }>) => ({ active: true, startsAt: null, endsAt: null, ...overrides });

describe('couponStatus', () => {
  it('says "ended" once the end has passed, switched on or off', () => {
    expect(couponStatus(code({ endsAt: iso(now - day) }), now)).toBe('ended');
    expect(couponStatus(code({ active: false, endsAt: iso(now - day) }), now)).toBe('ended');
    // the checkout refuses a code at its end's very moment
    expect(couponStatus(code({ endsAt: iso(now) }), now)).toBe('ended');
  });

  it('says "scheduled" before the start while switched on, "paused" once the admin pauses it', () => {
    expect(couponStatus(code({ startsAt: iso(now + 3 * day), endsAt: iso(now + 10 * day) }), now)).toBe('scheduled');
    expect(couponStatus(code({ active: false, startsAt: iso(now + 3 * day) }), now)).toBe('paused');
  });

  it('says "paused" for a code switched off within its dates, "active" for one on', () => {
    expect(couponStatus(code({ active: false, startsAt: iso(now - day), endsAt: iso(now + day) }), now)).toBe('paused');
    expect(couponStatus(code({ startsAt: iso(now - day), endsAt: iso(now + day) }), now)).toBe('active');
    expect(couponStatus(code({ startsAt: iso(now) }), now)).toBe('active');
    expect(couponStatus(code({}), now)).toBe('active');
  });
});
