import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { route } from '../../lib/route.ts';
import { accountOf } from '../../plugins/app/auth.ts';
import { addToCart, clearCart, listCart, removeCartItem, updateCartItem } from '../../modules/cart/cart.ts';

const cartRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.getCart, async (request) => listCart(app.db, accountOf(request).id));

  route(app, endpoints.addToCart, async (request) => {
    const { product, quantaty, size } = request.body;
    const productId = typeof product === 'string' ? product : product._id;
    const item = await addToCart(app.db, accountOf(request).id, productId, quantaty, size);
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
};

export default cartRoutes;
