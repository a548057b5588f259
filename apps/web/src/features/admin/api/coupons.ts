import type { Coupon, CouponBody } from '@shop/core/contract/coupons';
import { call } from '../../../lib/api-client.ts';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';

// The discount codes (PRODUCT section 8, "Discount codes"): one list, newest first, with uses and delivered revenue.
const COUPONS_KEY = `${ADMIN_KEY}coupons`;

export const useCoupons = () => useQuery(COUPONS_KEY, (signal) => call('listCoupons', { signal }), { staleMs: 0 });

/** What a saved code's form sends again: its terms without the figures the API adds. */
export function couponBody(coupon: Coupon): CouponBody {
  const { code, kind, value, minSubtotal, startsAt, endsAt, maxUses, maxUsesPerCustomer, active } = coupon;
  return { code, kind, value, minSubtotal, startsAt, endsAt, maxUses, maxUsesPerCustomer, active };
}

/** Creates a code (POST) or changes one (PUT, `id`); answers the API's sentence for the toast. */
export async function saveCoupon(body: CouponBody, id?: string): Promise<string> {
  const { message } = id ? await call('updateCoupon', { params: { id }, body }) : await call('addCoupon', { body });
  invalidateQueries(COUPONS_KEY);
  return message;
}

export async function deleteCoupon(id: string): Promise<string> {
  const { message } = await call('deleteCoupon', { params: { id } });
  invalidateQueries(COUPONS_KEY);
  return message;
}
