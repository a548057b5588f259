import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { route } from '../../lib/route.ts';
import { invalid, notFound, unavailable } from '../../modules/errors.ts';
import { returnPage, settleCallback, type SettleContext } from '../../modules/orders/settle-payment.ts';
import { confirmSandboxPayment, recordStripeEvent } from '../../modules/payments/payments.ts';
import { isSignedByPaymob, PaymobError } from '../../modules/payments/paymob.ts';
import { accountOf } from '../../plugins/app/auth.ts';

const paymentRoutes: FastifyPluginAsync = async (app) => {
  // The sandbox's stand-in for a processor's confirm call: the card is checked, the outcome recorded.
  route(app, endpoints.confirmSandboxPayment, async (request) => {
    if (app.payments.name !== 'sandbox') throw notFound('The sandbox is not the active payment provider');
    const { client_secret: clientSecret, ...card } = request.body;
    return confirmSandboxPayment(app.db, accountOf(request).id, clientSecret, card);
  });

  await app.register(stripeWebhook);

  // Paymob (PRODUCT section 4): its signed transaction callback, and the address it sends the shopper back to
  const settling = (): SettleContext => {
    if (!app.paymob) throw notFound('Paymob is not the active payment provider');
    return { ...app.shop, paymob: app.paymob };
  };

  route(app, endpoints.paymobCallback, async (request) => {
    const ctx = settling();
    const body = request.body as { type?: unknown; obj?: unknown } | null;
    if (!body || !isSignedByPaymob(body.obj, request.query.hmac, ctx.paymob.settings.hmacSecret)) throw invalid('Invalid Paymob signature');
    // Paymob also calls back about saved cards (TOKEN) and other events: only transactions move orders
    if (body.type !== 'TRANSACTION') return { received: true };
    // a hint, never proof (decision 050): the signed fields can be replayed or have digits moved between them, and the
    // order's reference is not signed at all, so Paymob is asked what the transaction is
    let settled;
    try {
      settled = await settleCallback(ctx, body.obj.id);
    } catch (error) {
      if (error instanceof PaymobError) throw unavailable('Paymob could not be asked about this transaction; send it again later');
      throw error;
    }
    request.log.info({ transaction: body.obj.id, settled }, 'Paymob callback');
    return { received: true, ...(settled === 'ignored' ? { duplicate: true } : {}) };
  });

  // Whatever its query says, the order is checked with Paymob; then on to its page: a guest's with the token from the
  // address we gave Paymob, a customer's without (the address names no account).
  route(
    app,
    endpoints.paymobReturn,
    async (request, reply) => {
      const ctx = settling();
      const page = await returnPage(ctx, request.query.shop_order ?? request.query.merchant_order_id ?? '', request.query.token);
      reply.header('Cache-Control', 'no-store');
      return reply.redirect(page, 303);
    },
    { config: { rateLimit: { max: app.config.guestRateLimit * 20, timeWindow: '1 minute' } } },
  );
};

// Stripe signs the raw bytes, so this route reads its body as a buffer, in a scope of its own.
const stripeWebhook: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  route(app, endpoints.stripeWebhook, async (request) => {
    const secret = app.config.payments.provider === 'stripe' ? app.config.payments.webhookSecret : undefined;
    if (!app.stripe || !secret) throw notFound('Webhooks are not configured');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw invalid('Missing Stripe signature');
    let event: import('stripe').Stripe.Event;
    try {
      event = await app.stripe.webhooks.constructEventAsync(request.body, signature, secret);
    } catch {
      throw invalid('Invalid Stripe signature');
    }
    if ((await recordStripeEvent(app.db, event)) === 'duplicate') return { received: true, duplicate: true };
    return { received: true };
  });
};

export default paymentRoutes;
