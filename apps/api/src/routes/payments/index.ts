import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { route } from '../../lib/route.ts';
import { invalid, notFound } from '../../modules/errors.ts';
import { returnPage, settleWebhook } from '../../modules/orders/settle-payment.ts';
import { confirmSandboxPayment } from '../../modules/payments/adapters/sandbox.ts';
import type { WebhookRequest } from '../../modules/payments/port.ts';
import { accountOf } from '../../plugins/app/auth.ts';

const paymentRoutes: FastifyPluginAsync = async (app) => {
  // The sandbox's stand-in for a processor's confirm call: the card is checked, the outcome recorded.
  route(app, endpoints.confirmSandboxPayment, async (request) => {
    if (app.payments.name !== 'sandbox') throw notFound('The sandbox is not the active payment provider');
    const { client_secret: clientSecret, ...card } = request.body;
    return confirmSandboxPayment(app.db, accountOf(request).id, clientSecret, card);
  });

  await app.register(rawBodyWebhooks);

  // Paymob's signed transaction callback (PRODUCT section 4), at the address its intentions were given
  route(app, endpoints.paymobCallback, async (request) => {
    if (app.payments.name !== 'paymob') throw notFound('Paymob is not the active payment provider');
    return webhook(app, { body: request.body, rawBody: null, query: request.query, headers: request.headers }, request.log);
  });

  // Whatever its query says, the order is checked with the provider; then on to its page: a guest's with the token
  // from the address we gave the provider, a customer's without (the address names no account).
  const backFromProvider = async (provider: string, query: { shop_order?: string | undefined; merchant_order_id?: string | undefined; token?: string | undefined }, reply: FastifyReply) => {
    if (app.payments.name !== provider || !app.payments.orderPayments) throw notFound(`${provider === 'paymob' ? 'Paymob' : 'This provider'} is not the active payment provider`);
    const page = await returnPage(app.shop, query.shop_order ?? query.merchant_order_id ?? '', query.token);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(page, 303);
  };
  const returnLimit = { config: { rateLimit: { max: app.config.guestRateLimit * 20, timeWindow: '1 minute' } } };
  route(app, endpoints.paymobReturn, (request, reply) => backFromProvider('paymob', request.query, reply), returnLimit);
  route(app, endpoints.paymentReturn, (request, reply) => backFromProvider(request.params.provider, request.query, reply), returnLimit);
};

/** A provider's callback, checked by its adapter and applied once; 'duplicate' when nothing new came of it. */
async function webhook(app: Parameters<FastifyPluginAsync>[0], request: WebhookRequest, log: { info(fields: object, message: string): void }) {
  if (!app.payments.webhook) throw notFound('Webhooks are not configured');
  const outcome = await app.payments.webhook(request);
  if (outcome.kind === 'refused') throw invalid(outcome.message);
  const settled = await settleWebhook(app.shop, outcome);
  log.info({ provider: app.payments.name, settled }, 'payment callback');
  return { received: true, ...(settled === 'ignored' || settled === 'duplicate' ? { duplicate: true } : {}) };
}

// A provider that signs the raw bytes (Stripe) has them, so these routes read the body as a buffer, in a scope of their
// own; a JSON body is parsed here for the providers that sign its fields.
const rawBodyWebhooks: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  const parsed = (raw: unknown): unknown => {
    if (!Buffer.isBuffer(raw)) return null;
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      return null;
    }
  };

  route(app, endpoints.stripeWebhook, async (request) => {
    if (app.payments.name !== 'stripe') throw notFound('Webhooks are not configured');
    const rawBody = Buffer.isBuffer(request.body) ? request.body : null;
    return webhook(app, { body: parsed(request.body), rawBody, query: {}, headers: request.headers }, request.log);
  });

  route(app, endpoints.paymentWebhook, async (request) => {
    if (app.payments.name !== request.params.provider) throw notFound('Webhooks are not configured');
    const rawBody = Buffer.isBuffer(request.body) ? request.body : null;
    // the query is the provider's own (the contract declares none): its adapter reads it
    const query = (request as unknown as FastifyRequest).query as Record<string, unknown>;
    return webhook(app, { body: parsed(request.body), rawBody, query, headers: request.headers }, request.log);
  });
};

export default paymentRoutes;
