import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { invalid } from '../../modules/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { accountOf, assertNamesSelfOrAdmin, assertOwnerOrAdmin } from '../../plugins/app/auth.ts';
import { refundUnusedPayments } from '../../modules/payments/refunds.ts';
import { pageOf, sendTotal } from '../../lib/pagination.ts';
import { route } from '../../lib/route.ts';
import { toOrder } from '../../modules/wire.ts';
import { findUser } from '../users/repository.ts';
import { MOVE_LABELS } from '@shop/core/order-status';
import { moveOrder, movedMessage } from './lifecycle.ts';
import { cartAmount, findOrder, listAllOrders, ordersOf, placeOrder } from './repository.ts';

const hashOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

const orderRoutes: FastifyPluginAsync = async (app) => {
  // Each order placed or canceled mails the customer: limited per customer, counted after the token is checked (each
  // route counts on its own). An admin's cancels are the dashboard's work and are not counted.
  const orderLimit = (name: 'place' | 'cancel') => ({
    config: {
      rateLimit: {
        max: app.config.orderRateLimit,
        timeWindow: '1 minute',
        hook: 'preHandler' as const,
        keyGenerator: (request: FastifyRequest) => `order-${name}:${request.account?.id ?? request.ip}`,
        ...(name === 'cancel' ? { allowList: (request: FastifyRequest) => request.account?.isAdmin === true } : {}),
      },
    },
  });

  // The user comes from the token and the total from the database; the body's `user` is ignored.
  route(app, endpoints.placeOrder, async (request, reply) => {
    const account = accountOf(request);
    const key = request.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || key.length < 8 || key.length > 200)) {
      throw invalid('Idempotency-Key must be 8 to 200 characters');
    }
    if (request.body.wayForPayment === 'credit' && request.body.paymentIntentId) {
      await app.payments.refresh(request.body.paymentIntentId);
    }
    const idempotency = key ? { key, requestHash: hashOf(request.body) } : undefined;
    const { order, replayed, stockTaken } = await placeOrder(app.db, account.id, request.body, idempotency, requestLanguage(request));
    // the catalog's answers show a size running low or sold out (decision 010)
    if (stockTaken) app.catalogChanged();
    if (replayed) {
      reply.header('Idempotent-Replayed', 'true');
    } else {
      // the order is committed: its mail goes out in the background, and a mail server that fails cannot undo it
      app.mail.orderPlaced({ ...order, username: account.username });
      app.metrics.ordersPlaced.inc({ way: order.wayForPayment });
    }
    return { ...order, message: MESSAGES.orderPlaced };
  }, orderLimit('place'));

  // The amount is the caller's cart total now, whatever the body says (SPEC's client sends one). Each call opens a
  // payment with the provider (a Stripe PaymentIntent), so they are limited per customer, counted after the token
  // is checked.
  route(
    app,
    endpoints.createPayment,
    async (request) => {
      const account = accountOf(request);
      const amount = await cartAmount(app.db, account.id);
      // The checkout asks for a new payment only when it has none it can still use: an older paid one is orphaned.
      await refundUnusedPayments(app.db, app.payments, account.id, request.log);
      const intent = await app.payments.createIntent(account.id, amount);
      return { client_secret: intent.clientSecret, paymentIntentId: intent.id, amount, currency: 'egp' as const };
    },
    {
      config: {
        rateLimit: {
          max: app.config.paymentRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `payment:${request.account?.id ?? request.ip}`,
        },
      },
    },
  );

  route(app, endpoints.listOrders, async (request, reply) => {
    const { orders, total } = await listAllOrders(app.db, pageOf(request.query), request.query.status);
    sendTotal(reply, total);
    return orders;
  });

  route(app, endpoints.getOrder, async (request) => {
    const order = await findOrder(app.db, request.params.orderId);
    assertOwnerOrAdmin(request, order.userId);
    return toOrder(order);
  });

  route(app, endpoints.userOrders, async (request) => {
    assertNamesSelfOrAdmin(request, request.params.userId);
    const user = await findUser(app.db, request.params.userId);
    assertOwnerOrAdmin(request, user.id);
    return ordersOf(app.db, user.id);
  });

  // SPEC's cancel. An admin gets the first page of all orders, like GET /api/orders (SPEC's client replaces its list
  // with it); a customer, who may cancel only their own accepted order, gets their own orders.
  route(app, endpoints.cancelOrder, async (request, reply) => {
    const account = accountOf(request);
    await moveOrder(app, request.params.id, 'canceled', account.isAdmin ? { role: 'admin' } : { role: 'customer', userId: account.id });
    if (!account.isAdmin) {
      const own = await ordersOf(app.db, account.id);
      sendTotal(reply, own.length);
      return own;
    }
    const { orders, total } = await listAllOrders(app.db, pageOf({}));
    sendTotal(reply, total);
    return orders;
  }, orderLimit('cancel'));

  route(app, endpoints.moveOrder, async (request) => {
    const { status } = request.body;
    const moved = await moveOrder(app, request.params.id, status, { role: 'admin' });
    const done = status === 'accepted' ? MESSAGES.orderPlaced : MOVE_LABELS[status].done;
    return { ...toOrder(moved.order), message: movedMessage(moved, done) };
  });
};

export default orderRoutes;
