import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@shop/core/messages';
import { IdSchema, NewOrderBodySchema, OrderSchema, PageQuerySchema } from '@shop/core/schemas';
import { accountOf, assertOwnerOrAdmin } from '../../plugins/auth.ts';
import { pageOf, sendTotal } from '../../lib/pagination.ts';
import { toOrder } from '../../lib/wire.ts';
import { findUser } from '../users/repository.ts';
import { cancelOrder, findOrder, listAllOrders, ordersOf, placeOrder } from './repository.ts';

const security = [{ bearer: [] }];

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  // The user comes from the token and the total from the database; the body's `user` is ignored.
  app.post(
    '/new-order',
    {
      preHandler: app.authenticate,
      schema: { security, body: NewOrderBodySchema, response: { 201: OrderSchema.extend({ message: z.string() }) } },
    },
    async (request, reply) => {
      const order = await placeOrder(app.db, accountOf(request).id, request.body);
      return reply.status(201).send({ ...order, message: MESSAGES.orderPlaced });
    },
  );

  app.get(
    '/',
    { preHandler: app.requireAdmin, schema: { security, querystring: PageQuerySchema, response: { 200: z.array(OrderSchema) } } },
    async (request, reply) => {
      const { orders, total } = await listAllOrders(app.db, pageOf(request.query));
      sendTotal(reply, total);
      return orders;
    },
  );

  app.get(
    '/single/:orderId',
    { preHandler: app.authenticate, schema: { security, params: z.object({ orderId: IdSchema }), response: { 200: OrderSchema } } },
    async (request) => {
      const order = await findOrder(app.db, request.params.orderId);
      assertOwnerOrAdmin(request, order.userId);
      return toOrder(order);
    },
  );

  app.get(
    '/:userId',
    { preHandler: app.authenticate, schema: { security, params: z.object({ userId: IdSchema }), response: { 200: z.array(OrderSchema) } } },
    async (request) => {
      const user = await findUser(app.db, request.params.userId);
      assertOwnerOrAdmin(request, user.id);
      return ordersOf(app.db, user.id);
    },
  );

  // Answers the first page of all orders, like GET /api/orders (SPEC's client replaces its list with it).
  app.put(
    '/cancel/:id',
    { preHandler: app.requireAdmin, schema: { security, params: z.object({ id: IdSchema }), response: { 200: z.array(OrderSchema) } } },
    async (request, reply) => {
      await cancelOrder(app.db, request.params.id);
      const { orders, total } = await listAllOrders(app.db, pageOf({}));
      sendTotal(reply, total);
      return orders;
    },
  );
};

export default orderRoutes;
