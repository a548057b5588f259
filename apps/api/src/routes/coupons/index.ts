import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { route } from '../../lib/route.ts';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from '../../modules/coupons/coupons.ts';
import { accountOf } from '../../plugins/app/auth.ts';

// The admin's discount codes (PRODUCT section 8); each change is audited in its own transaction (modules/coupons).
const couponRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.listCoupons, async () => listCoupons(app.db));

  route(app, endpoints.addCoupon, async (request) => ({ ...(await createCoupon(app.db, request.body, accountOf(request))), message: MESSAGES.couponSaved }));

  route(app, endpoints.updateCoupon, async (request) => ({
    ...(await updateCoupon(app.db, request.params.id, request.body, accountOf(request))),
    message: MESSAGES.couponSaved,
  }));

  route(app, endpoints.deleteCoupon, async (request) => {
    await deleteCoupon(app.db, request.params.id, accountOf(request));
    return { message: MESSAGES.couponDeleted };
  });
};

export default couponRoutes;
