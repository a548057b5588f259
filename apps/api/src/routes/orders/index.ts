import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { toEgp } from '@shop/core/money';
import { MOVE_LABELS } from '@shop/core/order-status';
import { requestLanguage } from '../../lib/language.ts';
import { pageOf, sendTotal } from '../../lib/pagination.ts';
import { route } from '../../lib/route.ts';
import { findUser } from '../../modules/accounts/users.ts';
import { invalid } from '../../modules/errors.ts';
import { startCardPayment } from '../../modules/orders/card-payment.ts';
import type { OrderContext } from '../../modules/orders/context.ts';
import { moveOrder, movedMessage } from '../../modules/orders/move-order.ts';
import { findOrder, listAllOrders, ordersOf } from '../../modules/orders/orders.ts';
import { placeOrder } from '../../modules/orders/place-order.ts';
import { toOrder } from '../../modules/wire.ts';
import { accountOf, assertNamesSelfOrAdmin, assertOwnerOrAdmin, isStaff } from '../../plugins/app/auth.ts';

const hashOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

const orderRoutes: FastifyPluginAsync = async (app) => {
  // what placing and moving an order reach besides the database (modules/orders/context.ts)
  const orderContext: OrderContext = {
    db: app.db,
    catalogChanged: () => app.catalogChanged(),
    payments: app.payments,
    jobs: app.jobs.queue,
    unusedPaymentRefundAfterMs: app.config.jobs.unusedPaymentRefundAfterMs,
    log: app.log,
  };

  // Each order placed or canceled mails the customer: limited per customer, counted after the token is checked (each
  // route counts on its own). An admin's cancels are the dashboard's work and are not counted.
  const orderLimit = (name: 'place' | 'cancel') => ({
    config: {
      rateLimit: {
        max: app.config.orderRateLimit,
        timeWindow: '1 minute',
        hook: 'preHandler' as const,
        keyGenerator: (request: FastifyRequest) => `order-${name}:${request.account?.id ?? request.ip}`,
        ...(name === 'cancel' ? { allowList: (request: FastifyRequest) => isStaff(request.account) } : {}),
      },
    },
  });

  // The user comes from the token and the total from the database; the body's `user` is ignored.
  route(app, endpoints.placeOrder, async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || key.length < 8 || key.length > 200)) {
      throw invalid('Idempotency-Key must be 8 to 200 characters');
    }
    const idempotency = key ? { key, requestHash: hashOf(request.body) } : undefined;
    const { order, replayed } = await placeOrder(orderContext, accountOf(request), request.body, idempotency, requestLanguage(request));
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    else app.metrics.ordersPlaced.inc({ way: order.wayForPayment });
    return { ...order, message: MESSAGES.orderPlaced };
  }, orderLimit('place'));

  // The amount is the caller's cart total now, whatever the body says (SPEC's client sends one). Each call opens a
  // payment with the provider (a Stripe PaymentIntent), so they are limited per customer, counted after the token
  // is checked.
  route(
    app,
    endpoints.createPayment,
    async (request) => {
      const { intent, amount } = await startCardPayment(orderContext, accountOf(request).id);
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
    const { userId, order } = await findOrder(app.db, request.params.orderId);
    if (!isStaff(request.account)) assertOwnerOrAdmin(request, userId);
    return order;
  });

  route(app, endpoints.userOrders, async (request) => {
    assertNamesSelfOrAdmin(request, request.params.userId);
    const user = await findUser(app.db, request.params.userId);
    assertOwnerOrAdmin(request, user.id);
    return ordersOf(app.db, user.id);
  });

  // SPEC's cancel. Staff cancel like an admin (they move orders). An admin gets the first page of all orders, like GET /api/orders (SPEC's client replaces its list
  // with it); a customer, who may cancel only their own accepted order, gets their own orders.
  route(app, endpoints.cancelOrder, async (request, reply) => {
    const account = accountOf(request);
    const desk = isStaff(account);
    await moveOrder(orderContext, request.params.id, 'canceled', desk ? { role: 'admin', actor: account } : { role: 'customer', userId: account.id });
    if (!desk) {
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
    const moved = await moveOrder(orderContext, request.params.id, status, { role: 'admin', actor: accountOf(request) });
    const done = status === 'accepted' ? MESSAGES.orderPlaced : MOVE_LABELS[status].done;
    const refund = moved.refund ? { amount: toEgp(moved.refund.amountPiastres), status: moved.refund.status } : undefined;
    return { ...toOrder(moved.order, undefined, refund), message: movedMessage(moved, done) };
  });
};

export default orderRoutes;
