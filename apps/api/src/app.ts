// Builds the whole API as one Fastify instance; server.ts listens, tests use app.inject.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyError, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { languageOf } from '@shop/core/locale';
import { MESSAGES } from '@shop/core/messages';
import { arabicOf } from '@shop/core/messages.ar';
import type { PageRenderer } from '@shop/core/pages';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { isDatabaseUnavailable, isInvalidText, isOutOfStorage, isTimedOut, isTransactionConflict } from './db/errors.ts';
import { loggableError } from './lib/logged-error.ts';
import { statusOf } from './lib/status.ts';
import { varyBy } from './lib/vary.ts';
import { ShopError } from './modules/errors.ts';
import { accountJobs } from './modules/accounts/jobs.ts';
import { catalogJobs } from './modules/catalog/jobs.ts';
import { deliveryJobs } from './modules/delivery/jobs.ts';
import { returnJobs } from './modules/returns/jobs.ts';
import { mailJobs } from './modules/mail/jobs.ts';
import { messagingJobs } from './modules/messaging/jobs.ts';
import { orderJobs } from './modules/orders/jobs.ts';
import { paymentJobs } from './modules/payments/jobs.ts';
import { reachJobs } from './modules/reach/jobs.ts';
import authPlugin from './plugins/app/auth.ts';
import catalogCachePlugin from './plugins/app/catalog-cache.ts';
import courierPlugin from './plugins/app/courier.ts';
import imageUrlsPlugin from './plugins/app/image-urls.ts';
import jobsPlugin from './plugins/app/jobs.ts';
import dbPlugin from './plugins/app/db.ts';
import mailPlugin from './plugins/app/mail.ts';
import messagingPlugin from './plugins/app/messaging.ts';
import paymentsPlugin, { type ProviderFactory } from './plugins/app/payments.ts';
import settingsPlugin from './plugins/app/settings.ts';
import shopPlugin from './plugins/app/shop.ts';
import storagePlugin from './plugins/app/storage.ts';
import metricsPlugin from './plugins/external/metrics.ts';
import openApiPlugin from './plugins/external/openapi.ts';
import rateLimitPlugin from './plugins/external/rate-limit.ts';
import authRoutes from './routes/auth/index.ts';
import cartRoutes from './routes/cart/index.ts';
import categoryRoutes from './routes/categories/index.ts';
import configRoutes from './routes/config/index.ts';
import couponRoutes from './routes/coupons/index.ts';
import feedRoutes from './routes/feeds/index.ts';
import marketingRoutes from './routes/marketing/index.ts';
import whatsappRoutes from './routes/whatsapp/index.ts';
import healthRoutes from './routes/health/index.ts';
import jobRoutes from './routes/jobs/index.ts';
import orderRoutes from './routes/orders/index.ts';
import { loadRenderer, registerPages, sendPage, shellSender } from './routes/pages/index.ts';
import { analyticsConsented, pixelEntryOf } from './routes/pages/meta-pixel.ts';
import paymentRoutes from './routes/payments/index.ts';
import productRoutes from './routes/products/index.ts';
import reviewRoutes from './routes/reviews/index.ts';
import seoRoutes from './routes/seo/index.ts';
import auditRoutes from './routes/audit/index.ts';
import reportRoutes from './routes/reports/index.ts';
import settingsRoutes from './routes/settings/index.ts';
import shipmentRoutes from './routes/shipments/index.ts';
import returnRoutes from './routes/returns/index.ts';
import shippingRoutes from './routes/shipping/index.ts';
import userRoutes from './routes/users/index.ts';

/**
 * Every job of the shop, each declared in its own module with the events it follows (`<module>/jobs.ts`): a new job
 * edits its module's list, a new module adds one line here. A shop without WhatsApp's settings queues no message (its
 * job follows nothing there: `shopJobs`).
 */
export const shopJobs = (config: Pick<Config, 'whatsapp'>) => [
  ...orderJobs, ...paymentJobs, ...mailJobs, ...accountJobs, ...catalogJobs, ...reachJobs, ...messagingJobs({ channelConfigured: Boolean(config.whatsapp) }), ...deliveryJobs, ...returnJobs,
];
export const SHOP_JOBS = shopJobs({ whatsapp: undefined });

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** renders the storefront's pages; by default the one built with the storefront (tests pass one from the sources) */
  pages?: PageRenderer;
  /** a payment provider instead of the one the configuration names (a test's own adapter) */
  paymentProvider?: ProviderFactory;
}

export async function buildApp({ config, database, logger, pages, paymentProvider }: AppOptions) {
  const app = Fastify({
    logger: withLoggableErrors(logger ?? { level: config.logLevel }),
    // A hop count trusts that many proxies in front, nearest first (Fastify's own number trusts none).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // One access line per request instead of two, written below: at debug for quick successes, so a busy
    // catalog does not spend its time logging, and at info for errors and slow answers.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 500 },
    // A request the shop has not answered in REQUEST_TIMEOUT is answered 503 (errorHandler): none holds a connection
    // and the shopper's patience for ever. Uploads and spreadsheets have longer (lib/route.ts, LONG_REQUEST_MS).
    handlerTimeout: config.requestTimeoutMs,
    // Addresses the router cannot read (bad %-escapes, overlong parameters) answer in the shop's error shape too.
    frameworkErrors: (error, _request, reply) => {
      void (reply as import('fastify').FastifyReply).headers(securityHeaders).status(error.statusCode ?? 400).send({ message: clientErrorMessage(error) });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // a callback hook: it runs after every answer, and needs no promise
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const level = reply.statusCode >= 500 ? 'error' : reply.statusCode >= 400 || ms > 500 ? 'info' : 'debug';
    // a guest order's token (its page's address, Paymob's return) is a key: never written to the log
    const url = request.url.replace(/([?&]token=)[^&#]*/g, '$1[hidden]');
    request.log[level]({ method: request.method, url, statusCode: reply.statusCode, ms: Math.round(ms) }, 'request answered');
    done();
  });

  // The one place answers' sentences become Arabic (PRODUCT section 7): every `{ message }`, an error's or a
  // success's, is written in English by the routes and turned here when the request prefers Arabic.
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!payload || typeof payload !== 'object' || typeof (payload as { message?: unknown }).message !== 'string') return payload;
    varyBy(reply, 'Accept-Language');
    if (languageOf(request.headers['accept-language']) !== 'ar') return payload;
    const answer = payload as { message: string };
    return { ...answer, message: arabicOf(answer.message) };
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  await app.register(dbPlugin, { database, config });
  await app.register(metricsPlugin);
  await app.register(openApiPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(storagePlugin);
  await app.register(catalogCachePlugin);
  await app.register(settingsPlugin);
  await app.register(imageUrlsPlugin, { base: config.imageBaseUrl });
  await app.register(paymentsPlugin, { provider: paymentProvider });
  await app.register(courierPlugin);
  await app.register(mailPlugin);
  await app.register(messagingPlugin);
  await app.register(jobsPlugin, { jobs: shopJobs(config) });
  await app.register(shopPlugin);

  // The headers the shop needs, set once (helmet's full default set halved throughput here).
  const securityHeaders = {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
  const withPixelPolicy = contentSecurityPolicy(config, true);
  // a callback hook: it runs on every answer, and needs no promise
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(securityHeaders);
    // a page for a browser whose shopper gave her analytics consent may carry Meta's pixel (a cached page too)
    if (analyticsConsented(request) && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('Content-Security-Policy', withPixelPolicy);
    // HSTS only when the browser reached us over https (X-Forwarded-Proto counts only from a trusted proxy)
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
    // answers about the caller (and login's token) are kept by no cache: not the browser's, not a proxy's (the raw
    // address, not routeOptions, which Fastify builds afresh on each read; every /api/auth/ call's address starts so)
    if (request.account || request.url.startsWith('/api/auth/')) reply.header('Cache-Control', 'no-store');
    // while draining for a stop, clients are told to drop their kept-alive connections after each answer,
    // so none is left to be cut when the port closes
    if (app.draining) reply.header('Connection', 'close');
    done(null, payload);
  });

  // Each route module registers the full paths of its calls, as the shared contract names them.
  for (const routes of [healthRoutes, authRoutes, productRoutes, categoryRoutes, userRoutes, cartRoutes, orderRoutes, paymentRoutes, configRoutes, settingsRoutes, jobRoutes, reviewRoutes, reportRoutes, auditRoutes, shippingRoutes, shipmentRoutes, couponRoutes, marketingRoutes, whatsappRoutes, returnRoutes]) {
    await app.register(routes);
  }

  await app.register(seoRoutes);
  await app.register(feedRoutes);
  await serveStorefront(app, config, pages);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

// Every logged `err` goes through one serializer: a database error is written without its parameters.
function withLoggableErrors(logger: NonNullable<FastifyServerOptions['logger']>): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, err: loggableError } };
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

// No inline scripts anywhere; the provider's scripts, calls and frames only when it is the one configured (Stripe's;
// Paymob's embedded checkout from its script's origin, its pages and API from its base address); Meta's pixel's only on
// a page that carries it (routes/pages/meta-pixel.ts).
function contentSecurityPolicy(config: Config, withMetaPixel = false): string {
  const payments = config.payments;
  const stripe = payments.provider === 'stripe';
  const paymob = payments.provider === 'paymob' ? ` ${new URL(payments.pixelScript).origin} ${new URL(payments.baseUrl).origin}` : '';
  const frames = stripe ? 'https://js.stripe.com https://hooks.stripe.com' : paymob ? paymob.trim() : "'none'";
  // Meta's pixel (decision 062), on the pages that carry it: its script's origin, and where it sends its events
  const metaScript = withMetaPixel ? ` ${new URL(config.meta.pixelScript).origin}` : '';
  const metaEvents = !withMetaPixel ? '' : metaScript === ' https://connect.facebook.net' ? ' https://www.facebook.com' : metaScript;
  return [
    "default-src 'self'",
    `script-src 'self'${stripe ? ' https://js.stripe.com' : ''}${paymob}${metaScript}`,
    `style-src 'self' 'unsafe-inline'${paymob}`,
    `img-src 'self' data: blob: https:${metaEvents}`,
    `font-src 'self'${paymob}`,
    `connect-src 'self'${stripe ? ' https://api.stripe.com' : ''}${paymob}${metaEvents}`,
    `frame-src ${frames}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function errorHandler(this: App, error: FastifyError, request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.status(400).send({ message: validationMessage(error.validation[0], error.validationContext) });
  }
  if (error instanceof ShopError) {
    if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
    return reply.status(statusOf(error)).send({ message: error.message });
  }
  if (isInvalidText(error)) return reply.status(400).send({ message: 'The request contains a character that is not allowed' });
  const reading = request.method === 'GET' || request.method === 'HEAD';
  // a statement or a lock wait past the pool's timeouts, or the request past REQUEST_TIMEOUT: its transaction rolled
  // back (or its answer abandoned), the shop is busy; a load balancer may send it elsewhere or again shortly
  if (isTimedOut(error) || error.code === 'FST_ERR_HANDLER_TIMEOUT') {
    request.log.warn({ err: error }, 'request timed out: a statement, a lock wait or the whole request took too long');
    reply.header('Retry-After', '2');
    return reply.status(503).send({ message: reading ? MESSAGES.busy : MESSAGES.busyNothingSaved });
  }
  if (isOutOfStorage(error)) {
    this.storageRefusals.record();
    reply.header('Retry-After', '30');
    request.log.error({ err: error }, 'database cannot store: out of disk space or memory');
    return reply.status(503).send({ message: reading ? MESSAGES.unavailable : MESSAGES.cannotSave });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    // the embedded PostgreSQL is started again within seconds (db/embedded.ts); an external one may take longer
    reply.header('Retry-After', '5');
    return reply.status(503).send({ message: MESSAGES.unavailable });
  }
  if (isTransactionConflict(error)) {
    // sizes are locked in one order everywhere, so this should not happen; logged as an error to be looked at
    request.log.error({ err: error }, 'transaction rolled back by a conflicting one');
    reply.header('Retry-After', '1');
    return reply.status(503).send({ message: MESSAGES.unavailable });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: MESSAGES.serverError });
  }
  // Fastify's own 4xx (malformed JSON, wrong content type, body too large) keep their status.
  return reply.status(status).send({ message: clientErrorMessage(error) });
}

// The shared schemas carry the shop's own sentences; where zod's generic wording comes through (a body that is not
// an object, a repeated query parameter), name the field instead.
function validationMessage(issue: { message?: string; instancePath?: string } | undefined, context: string | undefined): string {
  const message = issue?.message ?? '';
  if (message && !/^(Invalid input|Invalid option|Unrecognized|Too (big|small)|Expected)/i.test(message)) return message;
  const field = (issue?.instancePath ?? '').split('/').filter(Boolean).join('.');
  if (field) return `${field} is invalid`;
  return context === 'body' ? 'The request body must be a JSON object' : `The ${context ?? 'request'} is invalid`;
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not supported';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large';
    case 'FST_ERR_BAD_URL':
      return 'This address is not valid';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'This address is too long';
    default:
      return error.message || 'Invalid request';
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The built storefront, when there is one: the server-rendered pages (routes/pages), static files, a rendered 404
 * for an address the storefront does not know, and the SPA's index.html for the pages only the browser draws
 * (cart, account, dashboard).
 */
async function serveStorefront(app: App, config: Config, pages: PageRenderer | undefined) {
  const dist = [config.webDist, path.resolve(here, '../../web/dist'), path.resolve(here, '../../../apps/web/dist')]
    .filter((dir): dir is string => Boolean(dir))
    .find((dir) => existsSync(path.join(dir, 'index.html')));
  const renderer = pages ?? (dist ? await loadRenderer(dist, app.log) : null);
  const shell = dist ? shellSender(app, dist) : null;

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '';
    // a missing asset is a 404, not the page: an old page asking for a file of a previous build must see it fail
    const notAPage = url.startsWith('/api/') || url === '/api' || url.startsWith('/images/') || url.startsWith('/assets/');
    if ((!dist && !renderer) || notAPage || request.method !== 'GET') {
      return reply.status(404).send({ message: MESSAGES.notFound });
    }
    const pathname = url.split('?')[0] ?? '/';
    // an address no page has answers 404 with the error screen; a page of the browser alone gets the shell
    if (renderer && renderer.kind(pathname) !== 'client') return sendPage(app, request, reply, { renderer, shell, pixelEntry: pixelEntryOf(dist) });
    if (!shell) return reply.status(404).send({ message: MESSAGES.notFound });
    return shell(reply);
  });
  if (renderer) registerPages(app, { renderer, shell, pixelEntry: pixelEntryOf(dist) });
  if (!dist) return;

  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    // read per request, so a rebuild is served without a restart; a path that is no file falls to the SPA
    wildcard: true,
    index: false,
    preCompressed: true,
    // the server's own files (.ssr: the page renderer, .vite: the build manifest) are not the browser's
    allowedPath: (pathName) => !pathName.split('/').some((part) => part.startsWith('.')),
    setHeaders(reply, filePath) {
      // Hashed assets never change; index.html must always be revalidated.
      reply.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  if (!renderer) app.get('/', { schema: { hide: true } }, (_request, reply) => shell!(reply));
}
