// Carts left behind (PRODUCT section 9): a signed-in shopper with marketing-email consent whose cart has gone an hour
// without a change or an order is mailed once, and once more after a day; settings `marketing.cartReminders` (off by
// default). A cart is known by its shopper and its oldest line's time: a cart ordered (or emptied) and filled again is
// a new cart. Each reminder is a row (cart, step) written with its mail's job in one transaction, so two processes
// looking at once, or a process that stops and starts again, mail a cart once a step.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { cartReminders } from '../../db/schema.ts';
import { hasConsent, recordConsents, type ConsentContext } from '../accounts/consents.ts';
import type { JobQueue } from '../jobs/queue.ts';

/** The steps: mailed after an hour, then after a day, each while the cart is within its window (never a stale cart). */
export const REMINDER_STEPS = [
  { step: 1, afterMs: 60 * 60_000, untilMs: 24 * 60 * 60_000 },
  { step: 2, afterMs: 24 * 60 * 60_000, untilMs: 72 * 60 * 60_000 },
] as const;
export type ReminderStep = (typeof REMINDER_STEPS)[number]['step'];

/** What a reminder's job carries: whose cart, since when, which step. */
export interface CartReminderJob {
  userId: string;
  cartSince: string;
  step: ReminderStep;
  attempt?: number;
}

interface DueCart {
  user_id: string;
  cart_since: string;
  idle_ms: number;
}

/**
 * The carts due a reminder now, with the step each is due: left at least an hour (and within the step's window), whose
 * shopper placed no order since the cart's last change and has marketing-email consent now, not yet reminded at that
 * step. `cart_since` is carried as PostgreSQL writes it (microseconds), so it names the same cart every time.
 */
async function dueCarts(db: Db, limit: number): Promise<(DueCart & { step: ReminderStep })[]> {
  const shortest = REMINDER_STEPS[0].afterMs;
  const longest = REMINDER_STEPS[REMINDER_STEPS.length - 1]!.untilMs;
  const carts = await queryRows<DueCart>(
    db,
    sql`with carts as (
        select user_id, min(created_at) as since, max(updated_at) as changed
        from cart_items group by user_id
        having max(updated_at) <= now() - ${shortest} * interval '1 millisecond' and max(updated_at) > now() - ${longest} * interval '1 millisecond'
      )
      select c.user_id, c.since::text as cart_since, (extract(epoch from now() - c.changed) * 1000)::float8 as idle_ms
      from carts c
      where not exists (select 1 from orders o where o.user_id = c.user_id and o.created_at >= c.changed)
        and not exists (select 1 from cart_reminders r where r.user_id = c.user_id and r.cart_since = c.since
          and r.step = case when c.changed <= now() - ${REMINDER_STEPS[1].afterMs} * interval '1 millisecond' then 2 else 1 end)
      order by c.changed limit ${limit}`,
  );
  const due: (DueCart & { step: ReminderStep })[] = [];
  for (const cart of carts) {
    const step = REMINDER_STEPS.find(({ afterMs, untilMs }) => cart.idle_ms >= afterMs && cart.idle_ms < untilMs);
    // the consent is asked as every marketing sender asks it (hasConsent), of the carts otherwise due
    if (step && (await hasConsent(db, { user: cart.user_id }, 'marketingEmail'))) due.push({ ...cart, step: step.step });
  }
  return due;
}

/** Carts looked at per run: the rest wait for the next run, minutes later. */
const PER_RUN = 500;

/**
 * One look for carts left behind: each cart due a step gets its row and its mail's job, in one transaction per cart (a
 * row already there, written by another process or an earlier run, and nothing is queued). Answers how many it queued.
 */
export async function remindCartsLeft(ctx: { db: Db; jobs: JobQueue }): Promise<number> {
  let queued = 0;
  for (const cart of await dueCarts(ctx.db, PER_RUN)) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const inTx = tx as unknown as Db;
      const rows = await inTx
        .insert(cartReminders)
        .values({ userId: cart.user_id, cartSince: cart.cart_since, step: cart.step })
        .onConflictDoNothing()
        .returning({ step: cartReminders.step });
      if (rows.length === 0) return false;
      const job: CartReminderJob = { userId: cart.user_id, cartSince: cart.cart_since, step: cart.step };
      await ctx.jobs.add(inTx, 'cart-reminder', job, { key: `cart-reminder:${cart.user_id}:${cart.cart_since}:${cart.step}` });
      return true;
    });
    if (claimed) queued++;
  }
  return queued;
}

/** A line of the cart as its reminder shows it. */
export interface LeftLine {
  productId: string;
  name: string;
  nameAr: string | null;
  size: string;
  quantity: number;
  image: string | null;
  pricePiastres: number;
  paidPiastres: number;
}

/** Whom a reminder goes to and what her cart holds now; null when nothing is to be sent any more. */
export interface LeftCart {
  email: string;
  username: string;
  lang: 'en' | 'ar';
  lines: LeftLine[];
}

/**
 * The cart a reminder is about, read when its mail is built: still the same cart (its oldest line the same), with her
 * consent still given and no order since it was claimed. Null otherwise: she came back, or said no more mail.
 */
export async function cartToRemind(db: Db, job: CartReminderJob): Promise<LeftCart | null> {
  const lines = await queryRows<{
    email: string; username: string; lang: 'en' | 'ar'; since: string; product_id: string; name: string; name_ar: string | null; size: string;
    quantity: number; image: string | null; price_piastres: number; paid_piastres: number;
  }>(
    db,
    sql`select u.email, u.username, c.lang, (min(c.created_at) over ())::text as since, c.product_id, p.name, p.name_ar, c.size, c.quantity,
        p.images->>0 as image, p.price_piastres, p.paid_piastres
      from cart_items c join users u on u.id = c.user_id join products p on p.id = c.product_id
      where c.user_id = ${job.userId}
        and not exists (select 1 from orders o where o.user_id = c.user_id
          and o.created_at >= (select r.queued_at from cart_reminders r where r.user_id = c.user_id and r.cart_since = ${job.cartSince}::timestamptz and r.step = ${job.step}))
      order by c.updated_at desc, c.created_at, c.id`,
  );
  const first = lines[0];
  if (!first || first.since !== job.cartSince) return null;
  if (!(await hasConsent(db, { user: job.userId }, 'marketingEmail'))) return null;
  return {
    email: first.email,
    username: first.username,
    // the language of her latest change to the cart
    lang: first.lang,
    lines: lines.map((line) => ({
      productId: line.product_id, name: line.name, nameAr: line.name_ar, size: line.size, quantity: line.quantity, image: line.image,
      pricePiastres: line.price_piastres, paidPiastres: line.paid_piastres,
    })),
  };
}

export async function markReminderSent(db: Db, job: CartReminderJob): Promise<void> {
  await db.execute(sql`update cart_reminders set sent_at = now()
    where user_id = ${job.userId} and cart_since = ${job.cartSince}::timestamptz and step = ${job.step} and sent_at is null`);
}

/** The dashboard's figures: reminders sent (each step), and carts reminded that came back to an order within a week. */
export async function reminderFigures(db: Db): Promise<{ sentAfterHour: number; sentAfterDay: number; cartsReminded: number; cameBack: number }> {
  const [row] = await queryRows<{ hour: number; day: number; carts: number; back: number }>(
    db,
    sql`select count(*) filter (where step = 1)::int as hour, count(*) filter (where step = 2)::int as day,
        count(distinct (user_id, cart_since))::int as carts,
        count(distinct (user_id, cart_since)) filter (where exists (
          select 1 from orders o where o.user_id = r.user_id and o.created_at > r.sent_at and o.created_at < r.sent_at + interval '7 days'))::int as back
      from cart_reminders r where sent_at is not null`,
  );
  return { sentAfterHour: row?.hour ?? 0, sentAfterDay: row?.day ?? 0, cartsReminded: row?.carts ?? 0, cameBack: row?.back ?? 0 };
}

// ---- one-click unsubscribe (RFC 8058), without signing in ---------------------------------------------------------

/** The unsubscribe link's token: derived from the account and the shop's secret, never stored. */
export function unsubscribeToken(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest('base64url');
}

export function isUnsubscribeToken(secret: string, userId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link in her mails (and their List-Unsubscribe header); its page speaks the mail's language. */
export function unsubscribeLink(publicUrl: string, secret: string, userId: string, lang: 'en' | 'ar'): string {
  return `${publicUrl}/api/marketing/unsubscribe?user=${encodeURIComponent(userId)}&token=${unsubscribeToken(secret, userId)}&lang=${lang}`;
}

/**
 * One click: her marketing-email consent withdrawn, logged as any change of hers is (consents.ts). Answers false when
 * no account has this id any more (erased: nothing is left to send to).
 */
export async function unsubscribe(db: Db, userId: string, context: ConsentContext): Promise<boolean> {
  const [account] = await queryRows<{ id: string }>(db, sql`select id from users where id = ${userId}::uuid`);
  if (!account) return false;
  await recordConsents(db, { user: userId }, { marketingEmail: false }, context);
  return true;
}
