import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@shop/core/messages';
import { AddCartBodySchema, CartItemSchema, IdSchema, MessageSchema, UpdateCartBodySchema } from '@shop/core/schemas';
import { accountOf } from '../../plugins/auth.ts';
import { addToCart, clearCart, listCart, removeCartItem, updateCartItem } from './repository.ts';

const CartItemWithMessage = CartItemSchema.extend({ message: z.string() });
const security = [{ bearer: [] }];

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/', { schema: { security, response: { 200: z.array(CartItemSchema) } } }, async (request) =>
    listCart(app.db, accountOf(request).id),
  );

  app.post(
    '/add-cart',
    { schema: { security, body: AddCartBodySchema, response: { 201: CartItemWithMessage } } },
    async (request, reply) => {
      const { product, quantaty } = request.body;
      const productId = typeof product === 'string' ? product : product._id;
      const item = await addToCart(app.db, accountOf(request).id, productId, quantaty);
      return reply.status(201).send({ ...item, message: MESSAGES.cartItemAdded });
    },
  );

  app.put(
    '/update/:id',
    { schema: { security, params: z.object({ id: IdSchema }), body: UpdateCartBodySchema, response: { 200: CartItemWithMessage } } },
    async (request) => {
      const item = await updateCartItem(app.db, accountOf(request).id, request.params.id, request.body.quantaty);
      return { ...item, message: MESSAGES.itemUpdated };
    },
  );

  app.delete(
    '/delete/:id',
    { schema: { security, params: z.object({ id: IdSchema }), response: { 200: MessageSchema } } },
    async (request) => {
      await removeCartItem(app.db, accountOf(request).id, request.params.id);
      return { message: MESSAGES.cartItemDeleted };
    },
  );

  app.delete('/delete-all-cart', { schema: { security, response: { 200: MessageSchema } } }, async (request) => {
    await clearCart(app.db, accountOf(request).id);
    return { message: MESSAGES.cartDeleted };
  });
};

export default cartRoutes;
