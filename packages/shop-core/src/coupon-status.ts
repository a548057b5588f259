// A discount code's status as the dashboard shows it (issue 42): read from its dates as well as its switch, so an ended
// code does not say "Paused" and one that starts in three days does not say "Active". The checkout's own rules
// (apps/api's coupons module) decide whether a code applies; this only names where it stands.

export type CouponStatus = 'ended' | 'scheduled' | 'paused' | 'active';

/**
 * Ended once `endsAt` has passed; else paused when switched off (the admin's own move wins over the calendar, so a
 * scheduled code she pauses says so); else scheduled before `startsAt`, else active.
 */
export function couponStatus(coupon: { active: boolean; startsAt: string | null; endsAt: string | null }, now: number = Date.now()): CouponStatus {
  if (coupon.endsAt !== null && Date.parse(coupon.endsAt) <= now) return 'ended';
  if (!coupon.active) return 'paused';
  return coupon.startsAt !== null && Date.parse(coupon.startsAt) > now ? 'scheduled' : 'active';
}
