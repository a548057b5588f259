import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { requestLanguage } from '../../lib/language.ts';
import { route } from '../../lib/route.ts';
import { accountOf } from '../../plugins/app/auth.ts';
import { addToCart, clearCart, listCart, mergeIntoCart, removeCartItem, updateCartItem } from '../../modules/cart/cart.ts';
import { applyCartCoupon, quoteLines, removeCartCoupon, summarizeCart, type Where } from '../../modules/orders/pricing.ts';

/** The summary's governorate and way: Cairo and cash when the client names none. */
const whereOf = (query: { governorate?: Where['governorate'] | undefined; way?: Where['way'] | undefined }): Where => ({ governorate: query.governorate ?? 'Cairo', way: query.way ?? 'cash' });

const cartRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.getCart, async (request) => listCart(app.db, accountOf(request).id));

  route(app, endpoints.addToCart, async (request) => {
    const { product, quantaty, size } = request.body;
    const productId = typeof product === 'string' ? product : product._id;
    const item = await addToCart(app.db, accountOf(request).id, productId, quantaty, size, requestLanguage(request));
    return { ...item, message: MESSAGES.cartItemAdded };
  });

  route(app, endpoints.updateCartItem, async (request) => {
    const item = await updateCartItem(app.db, accountOf(request).id, request.params.id, request.body.quantaty);
    return { ...item, message: MESSAGES.itemUpdated };
  });

  route(app, endpoints.deleteCartItem, async (request) => {
    await removeCartItem(app.db, accountOf(request).id, request.params.id);
    return { message: MESSAGES.cartItemDeleted };
  });

  route(app, endpoints.clearCart, async (request) => {
    await clearCart(app.db, accountOf(request).id);
    return { message: MESSAGES.cartDeleted };
  });

  route(app, endpoints.cartSummary, async (request) => summarizeCart(app.db, accountOf(request).id, whereOf(request.query)));

  // Codes tried on the cart: limited per address as the guest's quote is (it tries codes too), so a code cannot be found
  // by trying many (decision 051; every code that cannot be used gets one sentence).
  const codeTries = { config: { rateLimit: { max: app.config.guestRateLimit * 10, timeWindow: '1 minute' } } };
  route(app, endpoints.applyCoupon, async (request) => ({
    ...(await applyCartCoupon(app.db, accountOf(request).id, request.body.code, whereOf(request.query))),
    message: MESSAGES.couponApplied,
  }), codeTries);

  route(app, endpoints.removeCoupon, async (request) => ({ ...(await removeCartCoupon(app.db, accountOf(request).id, whereOf(request.query))), message: MESSAGES.couponRemoved }));

  route(app, endpoints.mergeCart, async (request) => mergeIntoCart(app.db, accountOf(request).id, request.body.lines));

  // A guest's cart priced, codes tried: public, so limited per address like the other calls anyone can make.
  route(app, endpoints.cartQuote, async (request) => quoteLines(app.db, request.body.lines, whereOf(request.body), request.body.couponCode), codeTries);
};

export default cartRoutes;
