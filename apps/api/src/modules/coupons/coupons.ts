// Discount codes (PRODUCT section 8, decision 037): the admin's list, and the rules a code must pass for a cart. A
// code's use is counted in the transaction that writes its order (claimCoupon), by one conditional UPDATE that also
// locks the code's row, so `maxUses` holds when twenty shoppers race for the last use and a customer's own limit
// holds when they check out twice at once.
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { emailKey } from '@shop/core/email-key';
import { couponMinimum, MESSAGES, usesBelowSoFar } from '@shop/core/messages';
import { formatEgp, toEgp, toPiastres, type CouponTerms, type Piastres } from '@shop/core/money';
import type { Coupon, CouponBody } from '@shop/core/contract/coupons';
import type { Db } from '../../db/client.ts';
import { coupons, orders, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { changedFields, recordChange, type Actor } from '../audit/audit.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';

export type CouponRow = typeof coupons.$inferSelect;

/** Who is using a code: an account, and the email of the order (a guest has only that; a cart's code, no order yet, none). */
export interface Buyer {
  userId: string | null;
  email: string | null;
}

export const couponTerms = (row: CouponRow): CouponTerms => ({ kind: row.kind, value: row.value });

function toCoupon(row: CouponRow, deliveredRevenuePiastres: number): Coupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'fixed' ? toEgp(row.value) : row.value,
    minSubtotal: toEgp(row.minSubtotalPiastres),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    active: row.active,
    uses: row.uses,
    deliveredRevenue: toEgp(deliveredRevenuePiastres),
    createdAt: row.createdAt.toISOString(),
  };
}

function toColumns(body: CouponBody) {
  return {
    code: body.code,
    kind: body.kind,
    value: body.kind === 'fixed' ? toPiastres(body.value) : body.kind === 'percent' ? body.value : 0,
    minSubtotalPiastres: toPiastres(body.minSubtotal),
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    maxUses: body.maxUses,
    maxUsesPerCustomer: body.maxUsesPerCustomer,
    active: body.active,
  };
}

/** What the audit trail keeps of a code: its terms as the admin wrote them. */
const audited = (coupon: Coupon) => {
  const { uses: _uses, deliveredRevenue: _revenue, createdAt: _created, _id, ...terms } = coupon;
  return terms;
};

// the outer id written qualified: drizzle writes a one-table select's columns bare, and a bare "id" here would be the order's
const deliveredRevenue = sql<number>`(select coalesce(sum(o.total_piastres), 0)::bigint from ${orders} o where o.coupon_id = "coupons"."id" and o.status = 'delivered')`.mapWith(Number);

export async function listCoupons(db: Db): Promise<Coupon[]> {
  const rows = await db.select({ coupon: coupons, revenue: deliveredRevenue }).from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map((row) => toCoupon(row.coupon, row.revenue));
}

async function oneCoupon(db: Db, id: string): Promise<Coupon> {
  const [row] = await db.select({ coupon: coupons, revenue: deliveredRevenue }).from(coupons).where(eq(coupons.id, id));
  if (!row) throw notFound(MESSAGES.couponNotFound);
  return toCoupon(row.coupon, row.revenue);
}

const takenCode = (error: unknown) => {
  if (isUniqueViolation(error)) return conflict(MESSAGES.couponCodeTaken);
  return error;
};

export async function createCoupon(db: Db, body: CouponBody, actor: Actor): Promise<Coupon> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx.insert(coupons).values(toColumns(body)).returning();
      const coupon = toCoupon(row!, 0);
      await recordChange(tx as unknown as Db, actor, { entity: 'coupon', entityId: coupon._id, action: 'create', before: null, after: audited(coupon) });
      return coupon;
    })
    .catch((error: unknown) => {
      throw takenCode(error);
    });
}

export async function updateCoupon(db: Db, id: string, body: CouponBody, actor: Actor): Promise<Coupon> {
  if (!isUuid(id)) throw notFound(MESSAGES.couponNotFound);
  return db
    .transaction(async (tx) => {
      const [locked] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!locked) throw notFound(MESSAGES.couponNotFound);
      if (body.maxUses !== null && body.maxUses < locked.uses) throw invalid(usesBelowSoFar(locked.uses));
      const before = await oneCoupon(tx as unknown as Db, id);
      await tx.update(coupons).set(toColumns(body)).where(eq(coupons.id, id));
      const after = await oneCoupon(tx as unknown as Db, id);
      const changed = changedFields(audited(before), audited(after));
      if (Object.keys(changed.after).length > 0) await recordChange(tx as unknown as Db, actor, { entity: 'coupon', entityId: id, action: 'update', ...changed });
      return after;
    })
    .catch((error: unknown) => {
      throw takenCode(error);
    });
}

export async function deleteCoupon(db: Db, id: string, actor: Actor): Promise<void> {
  if (!isUuid(id)) throw notFound(MESSAGES.couponNotFound);
  await db.transaction(async (tx) => {
    const before = await oneCoupon(tx as unknown as Db, id);
    await tx.delete(coupons).where(eq(coupons.id, id));
    await recordChange(tx as unknown as Db, actor, { entity: 'coupon', entityId: id, action: 'delete', before: audited(before), after: null });
  });
}

/**
 * A code as the shopper typed it, in any case. Unknown and paused codes are refused with the one sentence every code
 * that cannot be used gets (decision 051), so a guess learns nothing.
 */
export async function couponByCode(db: Db, code: string): Promise<CouponRow> {
  const [row] = await db.select().from(coupons).where(eq(sql`upper(${coupons.code})`, code.trim().toUpperCase()));
  if (!row || !row.active) throw invalid(MESSAGES.couponNotValid);
  return row;
}

/**
 * How many orders this buyer placed with the code and did not cancel, counted by the account and by the mailbox
 * (emailKey: lowercase, no +tag, Gmail's dots) of the order's email and of the account's own, whichever an order has:
 * a guest order with the account's email, or `x+again@`, is the same customer (decision 051).
 * (A canceled order gave its use back, releaseCouponUse; an unpaid Paymob order lets go of its code.)
 */
async function usesBy(db: Db, couponId: string, buyer: Buyer): Promise<number> {
  const keys = new Set<string>();
  if (buyer.email) keys.add(emailKey(buyer.email));
  if (buyer.userId) {
    const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, buyer.userId));
    if (account) keys.add(emailKey(account.email));
  }
  const who = or(...(buyer.userId ? [eq(orders.userId, buyer.userId)] : []), ...(keys.size > 0 ? [inArray(orders.emailKey, [...keys])] : []));
  if (!who) return 0;
  const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(orders).where(and(eq(orders.couponId, couponId), ne(orders.status, 'canceled'), who));
  return row?.value ?? 0;
}

/**
 * The code's rules for this cart (400). Not yet valid, expired and used up read as an unknown code does (one sentence:
 * no telling a real code from a guess); used already by this buyer and below its minimum say so, since only a shopper
 * who has the code can meet them.
 */
export async function checkCoupon(db: Db, row: CouponRow, subtotal: Piastres, buyer: Buyer, now = new Date()): Promise<void> {
  if (row.startsAt && now < row.startsAt) throw invalid(MESSAGES.couponNotValid);
  if (row.endsAt && now >= row.endsAt) throw invalid(MESSAGES.couponNotValid);
  if (row.maxUses !== null && row.uses >= row.maxUses) throw invalid(MESSAGES.couponNotValid);
  if (row.maxUsesPerCustomer !== null && (await usesBy(db, row.id, buyer)) >= row.maxUsesPerCustomer) throw invalid(MESSAGES.couponUsedByYou);
  if (subtotal < row.minSubtotalPiastres) throw invalid(couponMinimum(formatEgp(toEgp(row.minSubtotalPiastres))));
}

/**
 * Counts one use of the code inside the order's transaction: the UPDATE raises `uses` only while it is below
 * `maxUses` and locks the row until the commit, so a second order for the last use waits and then finds it used up;
 * the buyer's own limit is counted after the lock, so it sees every order committed before.
 */
export async function claimCoupon(db: Db, row: CouponRow, buyer: Buyer): Promise<void> {
  const claimed = await db
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(and(eq(coupons.id, row.id), eq(coupons.active, true), sql`(${coupons.maxUses} is null or ${coupons.uses} < ${coupons.maxUses})`))
    .returning({ id: coupons.id });
  if (claimed.length === 0) throw invalid(MESSAGES.couponNotValid);
  if (row.maxUsesPerCustomer !== null && (await usesBy(db, row.id, buyer)) >= row.maxUsesPerCustomer) throw invalid(MESSAGES.couponUsedByYou);
}

/**
 * Gives a code's use back inside the transaction that cancels or releases its order: the order did not happen, so it
 * no longer counts towards `maxUses` (nor towards the buyer's own limit, which counts the orders not canceled).
 */
export async function releaseCouponUse(db: Db, couponId: string): Promise<void> {
  await db.update(coupons).set({ uses: sql`greatest(${coupons.uses} - 1, 0)` }).where(eq(coupons.id, couponId));
}
