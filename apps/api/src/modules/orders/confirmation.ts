// Confirming cash orders (PRODUCT section 9, issue 44, decision 059): a cash order waits for its shopper's yes before it
// ships, because one refused at the door costs the courier both ways and holds its pieces for days. The confirmation
// lives on the order's row (migration 0034) and is written here; a "no" cancels the order through the lifecycle
// (lifecycle.ts), which alone writes its status and gives its pieces back. Who answers: staff after a call
// (`logCall`), the shopper from her mail's link (`answerFromLink`), a person of the shop moving a pending order on
// (`confirmByMove`, from move-order.ts), the shopper pressing a button of the message that asked her (`answerFromMessage`,
// from modules/messaging: a channel names itself, this file names none), and the queue when the brand's hours are up
// (`cancelUnconfirmed`).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import { refusedCustomerCancel } from '@shop/core/order-status';
import type { CallOutcome, ConfirmationAttempt } from '@shop/core/contract/orders';
import type { PaymentWay } from '@shop/core/constants';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { recordChange, type Actor } from '../audit/audit.ts';
import { conflict, notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { readSettings } from '../settings/settings.ts';
import type { OrderContext } from './context.ts';
import { phoneKey } from './customer-history.ts';
import { moveTo, type MovedBy } from './lifecycle.ts';

type OrderRow = typeof orders.$inferSelect;

/** A new order's confirmation: pending for cash while the brand's `orders.confirmCash` is on, else none needed. */
export async function firstConfirmation(tx: Db, way: PaymentWay): Promise<'pending' | 'not-needed'> {
  if (way !== 'cash') return 'not-needed';
  return (await readSettings(tx)).orders?.confirmCash === false ? 'not-needed' : 'pending';
}

/** When a pending order placed at `placedAt` is canceled by the queue: after the brand's `orders.confirmWithinHours`. */
export async function confirmationDeadline(tx: Db, placedAt: Date): Promise<Date> {
  const hours = (await readSettings(tx)).orders?.confirmWithinHours ?? 48;
  return new Date(placedAt.getTime() + hours * 3_600_000);
}

/**
 * The token of the confirmation link in an order's placed mail: an HMAC of its id with the server's secret, derived
 * again when the link comes back and never stored (as a guest's token, guest.ts, but of its own purpose: one cannot
 * stand for the other).
 */
export function confirmTokenOf(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`confirm-order:${orderId}`).digest('base64url');
}

/** The link of the placed mail: the storefront's page that shows the order and asks Confirm or Cancel. */
export function confirmLinkOf(publicUrl: string, secret: string, orderId: string): string {
  return `${publicUrl}/orders/${orderId}/confirm?token=${confirmTokenOf(secret, orderId)}`;
}

function tokenMatches(secret: string, orderId: string, token: string): boolean {
  const expected = Buffer.from(confirmTokenOf(secret, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An attempt added to the order's list, and the confirmation's answer when it settles it, in the caller's transaction. */
async function record(tx: Db, orderId: string, attempt: ConfirmationAttempt, settles: 'confirmed' | 'declined' | null): Promise<void> {
  await tx
    .update(orders)
    .set({
      confirmationAttempts: sql`${orders.confirmationAttempts} || ${JSON.stringify([attempt])}::jsonb`,
      ...(settles ? { confirmationStatus: settles, confirmationAt: new Date(attempt.at), confirmationBy: attempt.by } : {}),
    })
    .where(eq(orders.id, orderId));
}

/** The order under the caller's lock, or 404. */
async function lockedOrder(tx: Db, orderId: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw notFound(MESSAGES.orderNotFound);
  const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!current) throw notFound(MESSAGES.orderNotFound);
  return current;
}

/** Only a placed order still waiting for its answer can be answered: a second answer, or a canceled order's, is a 409. */
function assertPending(order: OrderRow): void {
  if (order.confirmationStatus !== 'pending' || order.status !== 'accepted') throw conflict(MESSAGES.confirmationNotPending);
}

/**
 * The answer applied to the locked order: `confirmed` records it; `declined` records it and cancels the order through
 * the lifecycle (its pieces back, its mail queued by the move's event); `no-answer` (and a sent message) is only an
 * attempt. Answers whether the shelf changed, for the caller to drop the catalog's cache after the commit.
 */
async function apply(ctx: Pick<OrderContext, 'jobs'>, tx: Db, order: OrderRow, attempt: ConfirmationAttempt, mover: MovedBy): Promise<{ order: OrderRow; stockChanged: boolean }> {
  const settles = attempt.outcome === 'confirmed' ? 'confirmed' : attempt.outcome === 'declined' ? 'declined' : null;
  await record(tx, order.id, attempt, settles);
  if (settles !== 'declined') return { order: await lockedOrder(tx, order.id), stockChanged: false };
  const moved = await moveTo(ctx.jobs, tx, order, 'canceled', mover);
  return { order: await lockedOrder(tx, order.id), stockChanged: moved.stockChanged };
}

/** Runs `work` in a transaction and drops the catalog's cache after the commit when the shelf changed. */
async function inTransaction(ctx: Pick<OrderContext, 'db' | 'catalogChanged'>, work: (tx: Db) => Promise<{ order: OrderRow; stockChanged: boolean }>): Promise<OrderRow> {
  const { order, stockChanged } = await ctx.db.transaction((tx) => work(tx as unknown as Db));
  if (stockChanged) ctx.catalogChanged();
  return order;
}

/** POST /api/orders/{id}/confirmation: what a call from the shop came to, with its note (the audit trail keeps it too). */
export async function logCall(ctx: Pick<OrderContext, 'db' | 'jobs' | 'catalogChanged'>, orderId: string, outcome: CallOutcome, note: string, actor: Actor): Promise<OrderRow> {
  return inTransaction(ctx, async (tx) => {
    const current = await lockedOrder(tx, orderId);
    assertPending(current);
    const attempt: ConfirmationAttempt = { at: new Date().toISOString(), channel: 'call', outcome, by: actor.username, note };
    const applied = await apply(ctx, tx, current, attempt, { by: 'staff', username: actor.username });
    await recordChange(tx, actor, { entity: 'order', entityId: current.id, action: 'confirm', before: { confirmation: 'pending' }, after: { confirmation: outcome, note } });
    return applied;
  });
}

/** GET /api/orders/{id}/confirm: the order its link names, for the page that asks; any other token reads as no order. */
export async function orderToConfirm(db: Db, secret: string, orderId: string, token: string): Promise<OrderRow> {
  if (!isUuid(orderId) || !tokenMatches(secret, orderId, token)) throw notFound(MESSAGES.orderNotFound);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(MESSAGES.orderNotFound);
  return order;
}

/**
 * POST /api/orders/{id}/confirm: the shopper's answer from the link in her mail. Any token not this order's (another
 * order's, a guest token, a made-up one) reads as no order (404, nothing to probe); an order answered already is a 409,
 * so a replayed link changes nothing. Her "cancel" is her own cancel: refused once the order has left the shop.
 */
export async function answerFromLink(ctx: Pick<OrderContext, 'db' | 'jobs' | 'catalogChanged'>, secret: string, orderId: string, token: string, answer: 'confirm' | 'cancel'): Promise<OrderRow> {
  if (!isUuid(orderId) || !tokenMatches(secret, orderId, token)) throw notFound(MESSAGES.orderNotFound);
  return inTransaction(ctx, async (tx) => {
    const current = await lockedOrder(tx, orderId);
    if (answer === 'cancel') {
      const refused = refusedCustomerCancel(current.status);
      if (refused && current.status !== 'canceled') throw conflict(refused);
    }
    assertPending(current);
    const attempt: ConfirmationAttempt = { at: new Date().toISOString(), channel: 'link', outcome: answer === 'confirm' ? 'confirmed' : 'declined', by: 'customer', note: '' };
    return apply(ctx, tx, current, attempt, { by: 'customer' });
  });
}

/**
 * A person of the shop moves a pending order on (ships it): that is her confirmation (PRODUCT section 9), recorded with
 * her name, in the move's transaction (move-order.ts). A cancel confirms nothing.
 */
export async function confirmByMove(tx: Db, order: OrderRow, to: string, username: string | undefined): Promise<OrderRow | null> {
  if (order.confirmationStatus !== 'pending' || to === 'canceled') return null;
  const [confirmed] = await tx
    .update(orders)
    .set({ confirmationStatus: 'confirmed', confirmationAt: new Date(), confirmationBy: username ?? 'staff' })
    .where(eq(orders.id, order.id))
    .returning();
  return confirmed ?? null;
}

/**
 * The queue's cancel of an order still unconfirmed when the brand's hours are up: through the lifecycle (its pieces
 * back; its cancel mail follows the move), recorded as declined by the shop itself. An order answered since, or moved
 * on, is left alone.
 */
export async function cancelUnconfirmed(ctx: Pick<OrderContext, 'db' | 'jobs' | 'catalogChanged'>, orderId: string): Promise<boolean> {
  let canceled = false;
  await inTransaction(ctx, async (tx) => {
    const current = await lockedOrder(tx, orderId);
    if (current.confirmationStatus !== 'pending' || current.status !== 'accepted') return { order: current, stockChanged: false };
    canceled = true;
    const moved = await moveTo(ctx.jobs, tx, current, 'canceled', { by: 'system' });
    await tx
      .update(orders)
      .set({ confirmationStatus: 'declined', confirmationAt: new Date(), confirmationBy: 'system' })
      .where(eq(orders.id, orderId));
    return { order: moved.order, stockChanged: moved.stockChanged };
  });
  return canceled;
}

/** A channel that carries messages to shoppers, as an attempt records it. */
type MessageChannel = Extract<ConfirmationAttempt['channel'], 'whatsapp'>;

/**
 * The order a message would ask its shopper to confirm: only while it waits for her answer (accepted, pending) and no
 * message of this channel was sent for it yet; else null (answered by her link or a call meanwhile, canceled, or asked
 * already: a job run again after a crash sends nothing twice once the first was recorded).
 */
export async function orderToAsk(db: Db, orderId: string, channel: MessageChannel): Promise<OrderRow | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.confirmationStatus !== 'pending' || order.status !== 'accepted') return null;
  return order.confirmationAttempts.some((attempt) => attempt.channel === channel && attempt.outcome === 'sent') ? null : order;
}

/** The message asking her went out: an attempt `sent` by the shop itself, its id at the channel in the note. */
export async function recordMessageSent(db: Db, orderId: string, channel: MessageChannel, messageId: string): Promise<void> {
  await record(db, orderId, { at: new Date().toISOString(), channel, outcome: 'sent', by: 'system', note: messageId }, null);
}

/** What a shopper's button came to. */
export type MessageAnswerOutcome = 'confirmed' | 'declined' | 'not-her-phone' | 'answered-already' | 'no-order';

/**
 * A button the shopper pressed in the message that asked her (PRODUCT section 9), in the caller's transaction (the one
 * that records the message as heard, modules/messaging): it moves the order only when it came from the order's own
 * phone (its last ten digits) and the order still waits for its answer; her "cancel" is her own cancel, as from her
 * mail's link (its pieces back once, through the lifecycle). Anything else changes nothing. Answers what it came to,
 * and whether the shelf changed, for the caller to drop the catalog's cache after the commit.
 */
export async function answerFromMessage(
  ctx: Pick<OrderContext, 'jobs'>,
  tx: Db,
  message: { orderId: string; answer: 'confirm' | 'cancel'; fromPhone: string; at: string; channel: MessageChannel },
): Promise<{ outcome: MessageAnswerOutcome; stockChanged: boolean }> {
  if (!isUuid(message.orderId)) return { outcome: 'no-order', stockChanged: false };
  const [current] = await tx.select().from(orders).where(eq(orders.id, message.orderId)).for('update');
  if (!current) return { outcome: 'no-order', stockChanged: false };
  const from = phoneKey(message.fromPhone);
  if (from.length < 10 || from !== phoneKey(current.phoneNumber)) return { outcome: 'not-her-phone', stockChanged: false };
  if (current.confirmationStatus !== 'pending' || current.status !== 'accepted') return { outcome: 'answered-already', stockChanged: false };
  const outcome = message.answer === 'confirm' ? 'confirmed' : 'declined';
  const attempt: ConfirmationAttempt = { at: message.at, channel: message.channel, outcome, by: 'customer', note: '' };
  const applied = await apply(ctx, tx, current, attempt, { by: 'customer' });
  return { outcome, stockChanged: applied.stockChanged };
}
