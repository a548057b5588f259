// Configuration is read here once, from the environment, and validated with clear messages.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { PaymobMethod } from '@shop/core/constants';

/** PostgreSQL connections per process when DB_POOL_MAX is not set (measured: docs/performance.md, section 7). */
export const DEFAULT_POOL_MAX = 10;

const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());
const flag = z.preprocess((value) => value === 'true' || value === '1', z.boolean());

// An address, a CIDR range, or one of proxy-addr's names for private ranges.
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

// Which proxies may name the client in X-Forwarded-For: none, a hop count, or their addresses. "true" would
// trust whatever the client writes there, so it is refused.
const TrustProxySchema = z.preprocess(
  (value) => (value === undefined || value === '' ? 'false' : String(value).trim()),
  z
    .string()
    .refine((value) => value.toLowerCase() !== 'true', {
      error: 'TRUST_PROXY=true would let any client forge its address; set the number of proxies in front (1 behind one load balancer) or their addresses',
    })
    .refine((value) => /^(false|0|[1-9]\d?)$/i.test(value) || value.split(',').every((entry) => isProxyAddress(entry.trim())), {
      error: 'TRUST_PROXY must be false, a hop count (1 behind one load balancer), or a comma-separated list of proxy addresses or CIDR ranges',
    })
    .transform((value): number | string[] | false => {
      if (/^(false|0)$/i.test(value)) return false;
      if (/^\d+$/.test(value)) return Number(value);
      return value.split(',').map((entry) => entry.trim());
    }),
);

// An address alone, or a display name and the address in angle brackets.
const MAIL_FROM_PATTERN = /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'PORT must be a port number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalText.pipe(
      z.string().regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must start with postgres:// or postgresql://' }).optional(),
    ),
    DATA_DIR: z.string().default('./data'),
    JWT_SECRET: optionalText.pipe(z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional()),
    TOKEN_TTL: z.string().default('7d'),
    ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'ADMIN_EMAIL must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, { error: 'ADMIN_PASSWORD must be at least 8 characters' }).optional()),
    ADMIN_USERNAME: z.string().default('admin'),
    SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
    TRUST_PROXY: TrustProxySchema,
    PUBLIC_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http or https address, like https://shop.example' })
        .optional(),
    ),
    IMAGE_BASE_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/, error: 'IMAGE_BASE_URL must be an http or https address, like https://cdn.shop.example' })
        .optional(),
    ),
    SMTP_URL: optionalText.pipe(
      z.string().regex(/^smtps?:\/\/[^/]/, { error: 'SMTP_URL must start with smtp:// or smtps://, like smtps://user:password@smtp.example:465' }).optional(),
    ),
    MAIL_FROM: optionalText.pipe(
      z.string().regex(MAIL_FROM_PATTERN, { error: 'MAIL_FROM must be an address, like shop@example.com or "My Brand <shop@example.com>"' }).optional(),
    ),
    PASSWORD_RESET_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    PAYMENT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    ORDER_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    GUEST_ORDER_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    // pieces one client address, or one mailbox, may hold at once in orders not yet paid for (decision 051); 0: no bound
    UNPAID_HOLD_PIECES: z.coerce.number({ error: 'UNPAID_HOLD_PIECES must be a whole number of pieces' }).int().min(0).default(40),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: optionalText,
    WORKERS: z.coerce.number({ error: 'WORKERS must be a whole number' }).int().min(1).max(64).default(1),
    // the running shop writes a backup to DATA_DIR/backups this often, and keeps the newest BACKUP_KEEP of them
    BACKUP_EVERY: optionalText.pipe(
      z.string().regex(/^[1-9]\d*(s|m|h|d)$/, { error: 'BACKUP_EVERY must be a duration like 24h, 30m or 7d' }).optional(),
    ),
    // a failed mail is tried again after each of these (a comma list of durations, like 10s,1m,5m)
    MAIL_RETRY_DELAYS: optionalText.pipe(
      z
        .string()
        .regex(/^\s*\d+(ms|s|m|h)\s*(,\s*\d+(ms|s|m|h)\s*)*$/, { error: 'MAIL_RETRY_DELAYS must be durations separated by commas, like 10s,1m,5m,30m' })
        .optional(),
    ),
    BACKUP_KEEP: z.coerce.number({ error: 'BACKUP_KEEP must be a whole number' }).int().min(1).max(10_000).default(7),
    // not the operator's: a primary (WORKERS) hands its workers the embedded PostgreSQL it started, by its socket
    SHOP_EMBEDDED_DATABASE_URL: optionalText,
    // PostgreSQL connections per process: the default is measured (docs/performance.md, section 7)
    DB_POOL_MAX: z.coerce.number({ error: 'DB_POOL_MAX must be a whole number' }).int().min(1).max(200).default(DEFAULT_POOL_MAX),
    // one table lock must not stall every request (issue 41): a statement is cancelled after DB_STATEMENT_TIMEOUT, one
    // waiting for a lock after DB_LOCK_TIMEOUT, and a request not answered after REQUEST_TIMEOUT is answered 503
    DB_STATEMENT_TIMEOUT: durationSetting('DB_STATEMENT_TIMEOUT', '5s'),
    DB_LOCK_TIMEOUT: durationSetting('DB_LOCK_TIMEOUT', '2s'),
    REQUEST_TIMEOUT: durationSetting('REQUEST_TIMEOUT', '30s'),
    // benchmarks only: a read asking `Cache-Control: no-cache` skips the catalog cache (never let visitors do that)
    CATALOG_CACHE_BYPASS: flag.default(false),
    // GET /metrics answers only a scraper that sends it (Authorization: Bearer …); unset, /metrics is a 404
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(16, { error: 'METRICS_TOKEN must be at least 16 characters (openssl rand -hex 32 makes one)' }).optional(),
    ),
    REDIS_URL: optionalText.pipe(z.string().regex(/^rediss?:\/\//, { error: 'REDIS_URL must start with redis:// or rediss://' }).optional()),
    S3_BUCKET: optionalText,
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flag.default(false),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe', 'paymob']).optional(),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    // Paymob (PRODUCT section 4): its keys from the dashboard, and the ways on offer with their integration ids
    PAYMOB_SECRET_KEY: optionalText,
    // the API key: Paymob's transaction inquiry takes an auth token made from it (decision 050)
    PAYMOB_API_KEY: optionalText,
    PAYMOB_PUBLIC_KEY: optionalText,
    PAYMOB_HMAC_SECRET: optionalText,
    PAYMOB_INTEGRATIONS: optionalText.pipe(
      z
        .string()
        .regex(/^\s*(card|wallet|kiosk)\s*:\s*\d+\s*(,\s*(card|wallet|kiosk)\s*:\s*\d+\s*)*$/, {
          error: 'PAYMOB_INTEGRATIONS must list ways and their integration ids, like card:123,wallet:456,kiosk:789',
        })
        .optional(),
    ),
    // Meta (PRODUCT section 9): the Conversions API's token; the Graph API's address (a stand-in's in the tests)
    META_CAPI_TOKEN: optionalText,
    META_PIXEL_SCRIPT_URL: z
      .url({ protocol: /^https?$/, error: 'META_PIXEL_SCRIPT_URL must be an http or https address' })
      .default('https://connect.facebook.net/en_US/fbevents.js'),
    META_GRAPH_URL: z.url({ protocol: /^https?$/, error: 'META_GRAPH_URL must be an http or https address' }).default('https://graph.facebook.com'),
    // WhatsApp Cloud API (PRODUCT section 9, "Confirming cash orders"): on Meta's Graph API (META_GRAPH_URL), all five or none
    WHATSAPP_TOKEN: optionalText,
    WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(z.string().regex(/^\d{1,30}$/, { error: 'WHATSAPP_PHONE_NUMBER_ID must be the phone number\'s id, digits only' }).optional()),
    WHATSAPP_APP_SECRET: optionalText,
    WHATSAPP_VERIFY_TOKEN: optionalText,
    WHATSAPP_TEMPLATE: optionalText.pipe(z.string().regex(/^[a-z0-9_]{1,512}$/, { error: 'WHATSAPP_TEMPLATE must be an approved template\'s name: lower-case letters, digits and _' }).optional()),
    PAYMOB_BASE_URL: z.url({ protocol: /^https?$/, error: 'PAYMOB_BASE_URL must be an http or https address' }).default('https://accept.paymob.com'),
    PAYMOB_PIXEL_URL: z
      .url({ protocol: /^https?$/, error: 'PAYMOB_PIXEL_URL must be an http or https address' })
      .default('https://cdn.jsdelivr.net/npm/paymob-pixel@latest/main.js'),
    // Bosta (PRODUCT section 9): the business's API key, the secret its webhooks carry back (a header the shop gives it
    // with each parcel), and the pickup location its pickups are booked at; its staging is https://stg-app.bosta.co
    BOSTA_API_KEY: optionalText,
    BOSTA_WEBHOOK_SECRET: optionalText.pipe(
      z.string().min(16, { error: 'BOSTA_WEBHOOK_SECRET must be at least 16 characters (openssl rand -hex 32 makes one)' }).optional(),
    ),
    BOSTA_PICKUP_LOCATION_ID: optionalText,
    // how long a call to Bosta may take before it counts as not answered (its shipment stays pending, asked again)
    BOSTA_TIMEOUT: durationSetting('BOSTA_TIMEOUT', '15s'),
    BOSTA_BASE_URL: z.url({ protocol: /^https?$/, error: 'BOSTA_BASE_URL must be an http or https address' }).default('https://app.bosta.co'),
    // an order awaiting its payment holds its pieces this long; a kiosk reference, this many hours
    PAYMENT_HOLD_MINUTES: z.coerce.number({ error: 'PAYMENT_HOLD_MINUTES must be a number of minutes' }).positive().max(7 * 24 * 60).default(30),
    PAYMENT_KIOSK_HOLD_HOURS: z.coerce.number({ error: 'PAYMENT_KIOSK_HOLD_HOURS must be a number of hours' }).positive().max(30 * 24).default(48),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together' });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', message: 'PUBLIC_URL is required when NODE_ENV=production (the shop\'s public address, like https://shop.example)' });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: 'custom', message: 'MAIL_FROM is required with SMTP_URL (the sender of the shop\'s mail, like "My Brand <shop@example.com>")' });
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', message: 'JWT_SECRET is required when NODE_ENV=production' });
    }
  });

/**
 * After a failed send: tried again after 10 s, 1 min, 5 min, 30 min, 2 h and 6 h, then given up (about 9 hours in
 * all). An order's mail waits as a job (it survives a restart) and, given up, waits for an admin among the failed jobs.
 */
const MAIL_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  imagesDir: string;
  jwtSecret: string;
  tokenTtl: string;
  admin: { email: string; password: string; username: string } | undefined;
  seedDemo: Env['SEED_DEMO'];
  trustProxy: number | string[] | false;
  /** The shop's public origin, without a trailing slash: links, robots.txt and the sitemap use it, never Host. */
  publicUrl: string;
  /** Benchmarks only: `Cache-Control: no-cache` on a catalog read skips the catalog cache. */
  catalogCacheBypass: boolean;
  /** Set (IMAGE_BASE_URL, else PUBLIC_URL): the shop's own image paths in answers become absolute URLs on it. */
  imageBaseUrl: string | undefined;
  poolMax: number;
  /** The pool's statement_timeout and lock_timeout (db/client.ts); backups, restores, migrations and imports lift them. */
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  /** A request the shop has not answered after this long is answered 503 (Fastify's handlerTimeout). */
  requestTimeoutMs: number;
  /** Set: GET /metrics answers the Prometheus scraper that sends it as a bearer token; unset: /metrics is a 404. */
  metricsToken: string | undefined;
  /**
   * Mail: over SMTP when smtpUrl is set, else written to outboxDir as .eml files (modules/mail). A send that fails is
   * tried again after each of retryDelaysMs, then given up (logged).
   */
  /**
   * `from`: MAIL_FROM as given, or `shop@` PUBLIC_URL's host. Without a name of its own, each message is sent under the
   * shop's name as the settings have it when it is sent (plugins/app/mail.ts).
   */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string; retryDelaysMs: number[] };
  /**
   * The job queue (plugins/app/jobs.ts, decision 026). `namespace` prefixes its task names: empty for the shop; the
   * tests give each app its own, as they run many on one database. A card order refused leaves a paid payment,
   * refunded after `unusedPaymentRefundAfterMs` unless an order takes it.
   */
  jobs: { namespace: string; concurrency: number; unusedPaymentRefundAfterMs: number };
  passwordResetRateLimit: number;
  paymentRateLimit: number;
  /** Orders a customer may place, and as many cancels, per minute: each sends a mail. */
  orderRateLimit: number;
  /** guest orders per client address a minute, and per email an hour (PRODUCT section 8) */
  guestRateLimit: number;
  /** Pieces one client address, or one mailbox, may hold at once in guest orders not shipped and orders awaiting their payment (decision 051). */
  unpaidHoldPieces: number;
  loginRateLimit: number;
  registerRateLimit: number;
  logLevel: Env['LOG_LEVEL'];
  shutdownGraceMs: number;
  webDist: string | undefined;
  workers: number;
  /** In a worker forked by the primary (WORKERS): the embedded PostgreSQL the primary runs. */
  embeddedUrl: string | undefined;
  /** Backups (db/backup.ts): written to `dir`; the running shop takes one every `everyMs` when set and keeps `keep`. */
  backups: { dir: string; everyMs: number | undefined; keep: number };
  redisUrl: string | undefined;
  s3:
    | { bucket: string; region: string; endpoint: string | undefined; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean }
    | undefined;
  payments:
    | { provider: 'sandbox' }
    | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string | undefined }
    | PaymobSettings;
  /**
   * Meta (PRODUCT section 9): with `capiToken`, the queue sends each placed order's Purchase to the Conversions API
   * of the pixel the settings name (`marketing.metaPixelId`), at `graphUrl`. `pixelScript`: Meta's pixel script, which
   * the storefront loads only after the shopper's analytics consent.
   */
  meta: { capiToken: string | undefined; graphUrl: string; pixelScript: string };
  /**
   * WhatsApp Cloud API (PRODUCT section 9), when all five of its settings are given: a pending cash order is sent the
   * approved `template` from the phone number `phoneNumberId`, and the webhook checks `appSecret`'s signature and answers
   * Meta's subscription check with `verifyToken`. `graphUrl` is Meta's Graph API, the Conversions API's too.
   */
  whatsapp: WhatsAppSettings | undefined;
  /** How long an order awaiting its payment holds its pieces (PRODUCT section 4): a card or wallet, a kiosk reference. */
  paymentHold: { ms: number; kioskMs: number };
  /** The courier orders are sent to (PRODUCT section 9): Bosta when its keys are set, else none (staff ship by hand). */
  courier: BostaSettings | undefined;
}

export interface BostaSettings {
  name: 'bosta';
  apiKey: string;
  /** the value of the header Bosta's webhooks carry back (webhookCustomHeaders) */
  webhookSecret: string;
  pickupLocationId: string;
  baseUrl: string;
  timeoutMs: number;
}

const BOSTA_KEYS = ['BOSTA_API_KEY', 'BOSTA_WEBHOOK_SECRET', 'BOSTA_PICKUP_LOCATION_ID'] as const;

export interface PaymobSettings {
  provider: 'paymob';
  secretKey: string;
  /** what the transaction inquiry's auth token is made from */
  apiKey: string;
  publicKey: string;
  hmacSecret: string;
  /** the ways on offer, each with its integration id, in the order PAYMOB_INTEGRATIONS lists them */
  integrations: Partial<Record<PaymobMethod, number>>;
  baseUrl: string;
  pixelScript: string;
}

export interface WhatsAppSettings {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  template: string;
  graphUrl: string;
  /** a send not answered in this long is a failed try (10 s when unset; the tests' stand-in hangs shorter) */
  timeoutMs?: number;
}

const WHATSAPP_KEYS = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN', 'WHATSAPP_TEMPLATE'] as const;

const PAYMOB_KEYS = ['PAYMOB_SECRET_KEY', 'PAYMOB_API_KEY', 'PAYMOB_PUBLIC_KEY', 'PAYMOB_HMAC_SECRET', 'PAYMOB_INTEGRATIONS'] as const;

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `- ${issue.path.join('.') || 'config'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const stripeWanted = env.PAYMENT_PROVIDER === 'stripe' || (!env.PAYMENT_PROVIDER && env.STRIPE_SECRET_KEY);
  if (stripeWanted && !(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError('Invalid configuration:\n- STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are both needed for Stripe');
  }
  const paymobWanted = env.PAYMENT_PROVIDER === 'paymob' || (!env.PAYMENT_PROVIDER && !stripeWanted && PAYMOB_KEYS.every((key) => env[key]));
  const paymobMissing = PAYMOB_KEYS.filter((key) => !env[key]);
  if (paymobWanted && paymobMissing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n- Paymob needs ${paymobMissing.join(', ')} (PRODUCT.md section 4; docs/deploy.md says where each is found)`);
  }
  const whatsappMissing = WHATSAPP_KEYS.filter((key) => !env[key]);
  // some set and not all: a shop that meant to send messages and would not, silently
  if (whatsappMissing.length > 0 && whatsappMissing.length < WHATSAPP_KEYS.length) {
    throw new ConfigError(`Invalid configuration:\n- WhatsApp needs ${whatsappMissing.join(', ')} too (PRODUCT.md section 9; or none of the WHATSAPP_ settings)`);
  }
  const graphUrl = env.META_GRAPH_URL.replace(/\/+$/, '');
  const bostaMissing = BOSTA_KEYS.filter((key) => !env[key]);
  if (bostaMissing.length > 0 && bostaMissing.length < BOSTA_KEYS.length) {
    throw new ConfigError(`Invalid configuration:\n- Bosta needs ${bostaMissing.join(', ')} as well (PRODUCT.md section 9; docs/deploy.md says where each is found)`);
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    imagesDir: path.join(dataDir, 'images'),
    jwtSecret: env.JWT_SECRET ?? persistentSecret(dataDir),
    tokenTtl: env.TOKEN_TTL,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD, username: env.ADMIN_USERNAME }
      : undefined,
    seedDemo: env.SEED_DEMO,
    trustProxy: env.TRUST_PROXY,
    publicUrl,
    catalogCacheBypass: env.CATALOG_CACHE_BYPASS,
    imageBaseUrl: (env.IMAGE_BASE_URL ?? env.PUBLIC_URL)?.replace(/\/+$/, ''),
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `shop@${new URL(publicUrl).hostname}`,
      outboxDir: path.join(dataDir, 'outbox'),
      retryDelaysMs: env.MAIL_RETRY_DELAYS ? env.MAIL_RETRY_DELAYS.split(',').map((delay) => durationMs(delay.trim())) : MAIL_RETRY_DELAYS_MS,
    },
    jobs: { namespace: '', concurrency: 3, unusedPaymentRefundAfterMs: 30_000 },
    passwordResetRateLimit: env.PASSWORD_RESET_RATE_LIMIT,
    paymentRateLimit: env.PAYMENT_RATE_LIMIT,
    orderRateLimit: env.ORDER_RATE_LIMIT,
    guestRateLimit: env.GUEST_ORDER_RATE_LIMIT,
    unpaidHoldPieces: env.UNPAID_HOLD_PIECES,
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    registerRateLimit: env.REGISTER_RATE_LIMIT,
    logLevel: env.LOG_LEVEL,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    webDist: env.WEB_DIST,
    workers: env.WORKERS,
    embeddedUrl: env.SHOP_EMBEDDED_DATABASE_URL,
    meta: { capiToken: env.META_CAPI_TOKEN, graphUrl, pixelScript: env.META_PIXEL_SCRIPT_URL },
    whatsapp:
      whatsappMissing.length === 0
        ? {
            token: env.WHATSAPP_TOKEN!,
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
            appSecret: env.WHATSAPP_APP_SECRET!,
            verifyToken: env.WHATSAPP_VERIFY_TOKEN!,
            template: env.WHATSAPP_TEMPLATE!,
            graphUrl,
          }
        : undefined,
    backups: { dir: path.join(dataDir, 'backups'), everyMs: env.BACKUP_EVERY ? durationMs(env.BACKUP_EVERY) : undefined, keep: env.BACKUP_KEEP },
    poolMax: env.DB_POOL_MAX,
    statementTimeoutMs: durationMs(env.DB_STATEMENT_TIMEOUT),
    lockTimeoutMs: durationMs(env.DB_LOCK_TIMEOUT),
    requestTimeoutMs: durationMs(env.REQUEST_TIMEOUT),
    metricsToken: env.METRICS_TOKEN,
    redisUrl: env.REDIS_URL,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    payments: stripeWanted
      ? {
          provider: 'stripe',
          secretKey: env.STRIPE_SECRET_KEY!,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        }
      : paymobWanted
        ? {
            provider: 'paymob',
            secretKey: env.PAYMOB_SECRET_KEY!,
            apiKey: env.PAYMOB_API_KEY!,
            publicKey: env.PAYMOB_PUBLIC_KEY!,
            hmacSecret: env.PAYMOB_HMAC_SECRET!,
            integrations: integrationsOf(env.PAYMOB_INTEGRATIONS!),
            baseUrl: env.PAYMOB_BASE_URL.replace(/\/+$/, ''),
            pixelScript: env.PAYMOB_PIXEL_URL,
          }
        : { provider: 'sandbox' },
    paymentHold: { ms: Math.round(env.PAYMENT_HOLD_MINUTES * 60_000), kioskMs: Math.round(env.PAYMENT_KIOSK_HOLD_HOURS * 3_600_000) },
    courier:
      bostaMissing.length === 0
        ? {
            name: 'bosta',
            apiKey: env.BOSTA_API_KEY!,
            webhookSecret: env.BOSTA_WEBHOOK_SECRET!,
            pickupLocationId: env.BOSTA_PICKUP_LOCATION_ID!,
            baseUrl: env.BOSTA_BASE_URL.replace(/\/+$/, ''),
            timeoutMs: durationMs(env.BOSTA_TIMEOUT),
          }
        : undefined,
  };
}

/** `card:123,wallet:456` → { card: 123, wallet: 456 } */
function integrationsOf(text: string): Partial<Record<PaymobMethod, number>> {
  const integrations: Partial<Record<PaymobMethod, number>> = {};
  for (const entry of text.split(',')) {
    const [method, id] = entry.split(':').map((part) => part.trim());
    integrations[method as PaymobMethod] = Number(id);
  }
  return integrations;
}

/** A duration setting (`5s`, `500ms`, `2m`), above zero, with its default. */
function durationSetting(name: string, fallback: string) {
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^[1-9]\d*(ms|s|m)$/, { error: `${name} must be a duration above zero, like ${fallback}, 500ms or 1m` })
      .default(fallback),
  );
}

function durationMs(text: string): number {
  if (text.endsWith('ms')) return Number(text.slice(0, -2));
  const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[text.slice(-1) as 's' | 'm' | 'h' | 'd'];
  return Number(text.slice(0, -1)) * unit;
}

// Outside production a missing secret is made once and kept in the data directory, so tokens survive restarts.
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
