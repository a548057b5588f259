import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { emailKey } from '@shop/core/email-key';
import { MESSAGES } from '@shop/core/messages';
import { GuestOrderTokenSchema } from '@shop/core/contract/orders';
import type { ConsentChoices } from '@shop/core/contract/privacy';
import { toEgp } from '@shop/core/money';
import { MOVE_LABELS } from '@shop/core/order-status';
import { requestLanguage } from '../../lib/language.ts';
import { pageOf, sendTotal } from '../../lib/pagination.ts';
import { route } from '../../lib/route.ts';
import { findUser } from '../../modules/accounts/users.ts';
import { invalid, notFound, tooMany } from '../../modules/errors.ts';
import { claimGuestOrder, placeGuestOrder, readGuestOrder } from '../../modules/orders/guest.ts';
import { privacyVersion, recordConsents, type ConsentHolder } from '../../modules/accounts/consents.ts';
import { paymentHolds, startCheckout } from '../../modules/orders/checkout.ts';
import { payAgain } from '../../modules/orders/pay-again.ts';
import { startCardPayment } from '../../modules/orders/card-payment.ts';
import { answerFromLink, logCall, orderToConfirm } from '../../modules/orders/confirmation.ts';
import { withCustomerHistory } from '../../modules/orders/customer-history.ts';
import { withShipments } from '../../modules/delivery/shipments.ts';
import { moveOrder, movedMessage } from '../../modules/orders/move-order.ts';
import { findOrder, listAllOrders, ordersOf } from '../../modules/orders/orders.ts';
import { placeOrder, type Idempotency } from '../../modules/orders/place-order.ts';
import { toOrder, toUser } from '../../modules/wire.ts';
import { accountOf, assertNamesSelfOrAdmin, assertOwnerOrAdmin, isStaff } from '../../plugins/app/auth.ts';

const hashOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** A guest order's token, from its header (a missing or malformed one reads as no order). */
function orderToken(request: FastifyRequest): string {
  const token = request.headers['x-order-token'];
  const parsed = GuestOrderTokenSchema.safeParse(token);
  if (!parsed.success) throw notFound(MESSAGES.orderNotFound);
  return parsed.data;
}

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
        ...(name === 'cancel' ? { allowList: (request: FastifyRequest) => isStaff(request.account) } : {}),
      },
    },
  });

  // The checkout's consent boxes (PRODUCT section 9), logged once the order is placed: a guest's with her order (what
  // she left unticked too: she was asked), a customer's as changes of her account's, where a box left unticked
  // withdraws nothing she gave before.
  const checkoutConsents = async (request: FastifyRequest, holder: ConsentHolder, choices: ConsentChoices | undefined) => {
    if (!choices) return;
    const version = privacyVersion(await app.settings.current());
    await recordConsents(app.db, holder, choices, { ip: request.ip, version }, 'user' in holder ? { onlyGrants: true } : { asked: true });
  };

  // The user comes from the token and the total from the database; the body's `user` is ignored.
  route(app, endpoints.placeOrder, async (request, reply) => {
    const { order, replayed } = await placeOrder(app.shop, accountOf(request), request.body, idempotencyOf(request), requestLanguage(request));
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    else {
      app.metrics.ordersPlaced.inc({ way: order.wayForPayment });
      await checkoutConsents(request as unknown as FastifyRequest, { user: accountOf(request).id }, request.body.consents);
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
      const { intent, amount } = await startCardPayment(app.shop, accountOf(request).id, request.body ?? {});
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

  // A guest's order (PRODUCT section 8): limited per client address a minute and per mailbox an hour (the email's key,
  // so plus-addressing and Gmail's dots are the same mailbox: decision 051), each mails.
  const perEmail = app.createRateLimit({
    max: app.config.guestRateLimit,
    timeWindow: '1 hour',
    keyGenerator: (request) => `guest-order-email:${emailKey((request.body as { email: string }).email)}`,
  });
  route(
    app,
    endpoints.guestOrder,
    async (request, reply) => {
      const { order, guestToken } = await placeGuestOrder(app.shop, app.config.jwtSecret, request.body, requestLanguage(request), { clientIp: request.ip, maxPieces: app.config.unpaidHoldPieces });
      app.metrics.ordersPlaced.inc({ way: order.wayForPayment });
      await checkoutConsents(request as unknown as FastifyRequest, { order: order._id }, request.body.consents);
      reply.header('Cache-Control', 'no-store');
      return { ...order, guestToken, message: MESSAGES.orderPlaced };
    },
    {
      config: { rateLimit: { max: app.config.guestRateLimit, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `guest-order:${request.ip}` } },
      // counted after the body is checked, by its email (a second limiter on one route: @fastify/rate-limit runs one)
      preHandler: async (request: FastifyRequest) => {
        const counted = await perEmail(request);
        if (!counted.isAllowed && counted.isExceeded) throw tooMany(MESSAGES.tooManyRequests, counted.ttlInSeconds);
      },
    },
  );

  // An order written before it is paid, through Paymob (PRODUCT section 4): a customer's cart with their token, or a
  // guest's lines. Each call opens a Paymob intention: limited per customer (or address) a minute, and a guest's per
  // email an hour, as guest orders are.
  route(
    app,
    endpoints.checkout,
    async (request, reply) => {
      if (!app.payments.orderPayments) throw notFound(MESSAGES.paymentWayNotOffered);
      if (request.headers.authorization) await app.authenticate(request as FastifyRequest, reply);
      const customer = request.account ? { id: request.account.id } : null;
      if (!customer) {
        const counted = await perEmail(request as FastifyRequest);
        if (!counted.isAllowed && counted.isExceeded) throw tooMany(MESSAGES.tooManyRequests, counted.ttlInSeconds);
      }
      const { answer, replayed } = await startCheckout(
        {
          ...app.shop,
          publicUrl: app.config.publicUrl,
          secret: app.config.jwtSecret,
          hold: paymentHolds(app.config.paymentHold, (await app.settings.current()).holds),
          from: { clientIp: request.ip, maxPieces: app.config.unpaidHoldPieces },
        },
        customer,
        request.body,
        requestLanguage(request as FastifyRequest),
        idempotencyOf(request as FastifyRequest),
      );
      reply.header('Cache-Control', 'no-store');
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      else await checkoutConsents(request as unknown as FastifyRequest, customer ? { user: customer.id } : { order: answer.order._id }, request.body.consents);
      return answer;
    },
    {
      config: {
        rateLimit: {
          max: app.config.orderRateLimit,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `checkout:${request.headers.authorization ? `token:${request.headers.authorization.slice(-24)}` : request.ip}`,
        },
      },
    },
  );

  // Finishing an order's payment from its page (issue 42): its customer with a token, or a guest with the order's token
  // in its header. Another way opens a Paymob intention: limited per customer (or address) a minute, as checkouts are.
  route(
    app,
    endpoints.payOrder,
    async (request, reply) => {
      if (!app.payments.orderPayments) throw notFound(MESSAGES.paymentWayNotOffered);
      // the order's token when one is sent (a guest's page, whoever is signed in), else the caller's account
      const guest = request.headers['x-order-token'] !== undefined;
      if (!guest) await app.authenticate(request as FastifyRequest, reply);
      const payer = guest ? { guestToken: orderToken(request as FastifyRequest) } : { customerId: accountOf(request).id };
      reply.header('Cache-Control', 'no-store');
      return payAgain({ ...app.shop, publicUrl: app.config.publicUrl }, request.params.id, payer, request.body?.method);
    },
    {
      config: {
        rateLimit: {
          max: app.config.orderRateLimit,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `pay-order:${request.headers.authorization ? `token:${request.headers.authorization.slice(-24)}` : request.ip}`,
        },
      },
    },
  );

  // The token comes in a header, never in the address the server logs; guessing is limited per address.
  const guestRead = { config: { rateLimit: { max: app.config.guestRateLimit * 20, timeWindow: '1 minute' } } };
  route(app, endpoints.getGuestOrder, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // with its courier's parcel: a guest's page shows where it is too
    const [order] = await withShipments(app.db, app.courier, [await readGuestOrder(app.db, request.params.id, orderToken(request))]);
    return order!;
  }, guestRead);

  route(app, endpoints.claimGuestOrder, async (request) => {
    const user = await claimGuestOrder(app.db, request.params.id, orderToken(request), request.body.password);
    return { ...toUser(user), token: app.signToken(user), message: MESSAGES.guestAccountCreated };
  }, { config: { rateLimit: { max: app.config.registerRateLimit, timeWindow: '1 minute' } } });

  route(app, endpoints.listOrders, async (request, reply) => {
    const { query } = request;
    const { orders, total } = await listAllOrders(app.db, pageOf(query), query.status, query.search, query.confirmation);
    sendTotal(reply, total);
    return withCustomerHistory(app.db, await withShipments(app.db, app.courier, orders));
  });

  // the order with its courier's parcel (PRODUCT section 9) for its owner too: her page shows where it is
  route(app, endpoints.getOrder, async (request) => {
    const { userId, order: found } = await findOrder(app.db, request.params.orderId);
    const [order] = await withShipments(app.db, app.courier, [found]);
    if (!isStaff(request.account)) {
      assertOwnerOrAdmin(request, userId);
      return order!;
    }
    return (await withCustomerHistory(app.db, [order!]))[0]!;
  });

  // Confirming a cash order (PRODUCT section 9): staff log a call; the answer carries the phone's history.
  const CALL_DONE = { confirmed: MESSAGES.orderConfirmed, declined: MESSAGES.orderDeclined, 'no-answer': MESSAGES.noAnswerLogged } as const;
  route(app, endpoints.logConfirmation, async (request) => {
    const { outcome, note } = request.body;
    const order = await logCall(app.shop, request.params.id, outcome, note, accountOf(request));
    const [answered] = await withCustomerHistory(app.db, [toOrder(order)]);
    return { ...answered!, message: CALL_DONE[outcome] };
  });

  // The shopper's answer from her mail's link: public, the token is the key; guessing is limited per address.
  route(app, endpoints.confirmOrder, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { token, answer } = request.body;
    const order = await answerFromLink(app.shop, app.config.jwtSecret, request.params.id, token, answer);
    return { ...toOrder(order), message: answer === 'confirm' ? MESSAGES.orderConfirmed : MESSAGES.confirmationCanceled };
  }, guestRead);
  route(app, endpoints.getConfirmOrder, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const token = request.headers['x-confirm-token'];
    if (typeof token !== 'string' || !GuestOrderTokenSchema.safeParse(token).success) throw notFound(MESSAGES.orderNotFound);
    return toOrder(await orderToConfirm(app.db, app.config.jwtSecret, request.params.id, token));
  }, guestRead);

  route(app, endpoints.userOrders, async (request) => {
    assertNamesSelfOrAdmin(request, request.params.userId);
    const user = await findUser(app.db, request.params.userId);
    assertOwnerOrAdmin(request, user.id);
    return withShipments(app.db, app.courier, await ordersOf(app.db, user.id));
  });

  // SPEC's cancel. Staff cancel like an admin (they move orders). An admin gets the first page of all orders, like GET /api/orders (SPEC's client replaces its list
  // with it); a customer, who may cancel only their own accepted order, gets their own orders.
  route(app, endpoints.cancelOrder, async (request, reply) => {
    const account = accountOf(request);
    const desk = isStaff(account);
    await moveOrder(app.shop, request.params.id, 'canceled', desk ? { role: 'admin', actor: account } : { role: 'customer', userId: account.id });
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
    const moved = await moveOrder(app.shop, request.params.id, status, { role: 'admin', actor: accountOf(request) });
    const done = status === 'accepted' ? MESSAGES.orderPlaced : MOVE_LABELS[status].done;
    const refund = moved.refund ? { amount: toEgp(moved.refund.amountPiastres), status: moved.refund.status } : undefined;
    return { ...toOrder(moved.order, undefined, refund), message: movedMessage(moved, done) };
  });
};

export default orderRoutes;

/** The request's Idempotency-Key (8 to 200 characters), with a hash of the body it came with. */
function idempotencyOf(request: FastifyRequest): Idempotency | undefined {
  const key = request.headers['idempotency-key'];
  if (key !== undefined && (typeof key !== 'string' || key.length < 8 || key.length > 200)) {
    throw invalid('Idempotency-Key must be 8 to 200 characters');
  }
  return key ? { key, requestHash: hashOf(request.body) } : undefined;
}
