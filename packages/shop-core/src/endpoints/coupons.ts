// Discount codes.
import { z } from 'zod';
import { CouponBodySchema, CouponSchema } from '../contract/coupons.ts';
import { MessageSchema } from '../contract/fields.ts';
import { routes } from '../routes.ts';
import { endpoint, IdParams, withMessage } from './endpoint.ts';

export const couponsEndpoints = {
  listCoupons: endpoint(routes.listCoupons, {
    summary: 'Every discount code, newest first, with its uses and the revenue of its delivered orders',
    status: 200,
    answer: z.array(CouponSchema),
    errors: [],
  }),
  addCoupon: endpoint(routes.addCoupon, { summary: 'Create a discount code', body: CouponBodySchema, status: 201, answer: withMessage(CouponSchema), errors: [409] }),
  updateCoupon: endpoint(routes.updateCoupon, {
    summary: 'Change a discount code (pause it with `active: false`)',
    params: IdParams,
    body: CouponBodySchema,
    status: 200,
    answer: withMessage(CouponSchema),
    errors: [404, 409],
  }),
  deleteCoupon: endpoint(routes.deleteCoupon, {
    summary: 'Delete a discount code (orders keep the code they used)',
    params: IdParams,
    status: 200,
    answer: MessageSchema,
    errors: [404],
  }),
};
