// The jobs of "Where shoppers are" (PRODUCT section 9): a placed order's Purchase sent to Meta's Conversions API, and
// the reminders of carts left behind. Meta being away never touches the shopper's checkout: its call is a job, tried
// again with the queue's backoff, and one that used up its tries waits among the dashboard's Failed jobs.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { hasConsent } from '../accounts/consents.ts';
import { defineJob } from '../jobs/queue.ts';
import { readSettings } from '../settings/settings.ts';
import type { ShopContext } from '../shop-context.ts';
import { toEgp } from '@shop/core/money';
import { MAIL_MAX_ATTEMPTS } from '../mail/jobs.ts';
import { mailTries } from '../mail/mail-job.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { cartLeftMail } from '../mail/templates.ts';
import { cartToRemind, markReminderSent, remindCartsLeft, unsubscribeLink, type CartReminderJob } from './carts-left.ts';
import { purchaseEvent, sendEvents, type PurchaseOrder } from './meta.ts';

/**
 * The checkout logs its consent boxes just after the order's commit (routes/orders): the Purchase waits this long, so
 * the choice a guest ticked with her order is the one it reads.
 */
export const PURCHASE_DELAY_MS = 30_000;

async function purchaseOrder(db: Db, orderId: string): Promise<PurchaseOrder | null> {
  const [row] = await db
    .select({
      id: orders.id, number: orders.number, email: orders.email, phoneNumber: orders.phoneNumber, city: orders.city,
      totalPiastres: orders.totalPiastres, createdAt: orders.createdAt, lines: orders.lines,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const lines = row.lines.map((line) => ({ productId: line.product._id, size: line.size, quantity: line.quantity, unitPiastres: line.unitPiastres }));
  return { ...row, lines };
}

/** What one run of the Purchase job did: sent, or why nothing was (said in the log, never an error). */
export type PurchaseOutcome = 'sent' | 'not-configured' | 'no-consent' | 'order-gone';

export async function sendPurchase(ctx: Pick<ShopContext, 'db' | 'config' | 'log'>, orderId: string): Promise<PurchaseOutcome> {
  const token = ctx.config.meta.capiToken;
  const pixelId = (await readSettings(ctx.db)).marketing.metaPixelId;
  if (!token || !pixelId) return 'not-configured';
  // Nothing is sent to Meta without the matching consent: the order's own choice, else its account's (hasConsent)
  if (!(await hasConsent(ctx.db, { order: orderId }, 'analytics'))) return 'no-consent';
  const order = await purchaseOrder(ctx.db, orderId);
  if (!order) return 'order-gone';
  await sendEvents({ graphUrl: ctx.config.meta.graphUrl, token, pixelId }, [purchaseEvent(order, ctx.config.publicUrl)]);
  return 'sent';
}

/**
 * Follows the order's lifecycle (modules/orders/lifecycle.ts): an order placed accepted (a cash order), or moved from
 * awaiting its payment to accepted (a card or wallet order paid) is a Purchase. One job per order (keyed by it), run
 * PURCHASE_DELAY_MS on.
 */
export const metaPurchaseJob = defineJob({
  task: 'meta-purchase',
  // the queue's backoff (e^n seconds) over 12 tries covers about a day of Meta being away
  maxAttempts: 12,
  follows: ['order.placed', 'order.moved'],
  jobsFor(event) {
    const purchased =
      (event.name === 'order.placed' && event.payload.status === 'accepted') ||
      (event.name === 'order.moved' && event.payload.from === 'awaiting-payment' && event.payload.to === 'accepted');
    if (!purchased) return [];
    const { orderId } = event.payload;
    return [{ payload: { orderId }, key: `meta-purchase:${orderId}`, runAt: new Date(Date.now() + PURCHASE_DELAY_MS) }];
  },
  run: async (ctx: Pick<ShopContext, 'db' | 'config' | 'log'>, job: { orderId: string }) => {
    const outcome = await sendPurchase(ctx, job.orderId);
    if (outcome !== 'sent') ctx.log.info({ orderId: job.orderId, outcome }, `Purchase not sent to Meta: ${outcome}`);
  },
});

/**
 * Every five minutes, once whatever the number of processes: the carts due a reminder get their row and their mail's
 * job (carts-left.ts). Nothing while the owner has not turned the reminders on.
 */
export const cartRemindersJob = defineJob({
  task: 'cart-reminders',
  maxAttempts: 3,
  schedule: '*/5 * * * *',
  run: async (ctx: Pick<ShopContext, 'db' | 'jobs' | 'log'>) => {
    if (!(await readSettings(ctx.db)).marketing.cartReminders) return;
    const queued = await remindCartsLeft(ctx);
    if (queued > 0) ctx.log.info({ queued }, 'cart reminders queued');
  },
});

/** One reminder's mail, built when it runs (her cart as it is now), in the language of her last change to the cart. */
export async function cartReminderMessage(ctx: Pick<ShopContext, 'db' | 'mail' | 'config'>, job: CartReminderJob): Promise<MailMessage | null> {
  const cart = await cartToRemind(ctx.db, job);
  if (!cart) return null;
  const { publicUrl, jwtSecret, imageBaseUrl } = ctx.config;
  const imageBase = imageBaseUrl ?? publicUrl;
  const { shop, from } = await ctx.mail.shopFor(cart.lang);
  const unsubscribe = unsubscribeLink(publicUrl, jwtSecret, job.userId, cart.lang);
  const mail = cartLeftMail(
    {
      username: cart.username,
      step: job.step,
      lines: cart.lines.map((line) => ({
        name: (cart.lang === 'ar' && line.nameAr) || line.name,
        size: line.size,
        quantity: line.quantity,
        image: line.image ? (/^https?:/i.test(line.image) ? line.image : `${imageBase}${line.image}`) : null,
        price: toEgp(line.paidPiastres),
        was: line.paidPiastres < line.pricePiastres ? toEgp(line.pricePiastres) : null,
      })),
      cartLink: `${publicUrl}/cart`,
      unsubscribeLink: unsubscribe,
    },
    shop,
    cart.lang,
  );
  return {
    ...mail,
    to: cart.email,
    ...(from ? { from } : {}),
    id: `cart-reminder-${job.userId}-${job.cartSince.replace(/[^\d]/g, '')}-${job.step}`,
    // RFC 8058: a mail program's own "unsubscribe" button posts to the link, and it works without signing in
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** A reminder's mail: sent once (its row says which), retried as an order's mail is. */
export const cartReminderJob = defineJob({
  task: 'cart-reminder',
  maxAttempts: MAIL_MAX_ATTEMPTS,
  run: mailTries('cart-reminder', async (ctx: Pick<ShopContext, 'db' | 'jobs' | 'mail' | 'config' | 'log'>, job: CartReminderJob, attempt) => {
    const message = await cartReminderMessage(ctx, job);
    if (!message) {
      ctx.log.info({ userId: job.userId, step: job.step }, 'cart reminder not sent: the cart was ordered or emptied, or she said no more mail');
      return { sent: true };
    }
    const outcome = await ctx.mail.tryOnce(message, attempt);
    if (outcome.sent) await markReminderSent(ctx.db, job);
    return outcome;
  }),
});

export const reachJobs = [metaPurchaseJob, cartRemindersJob, cartReminderJob];
