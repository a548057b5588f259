// The checkouts' Idempotency-Keys (idempotency_keys for new-order, checkout_keys for a Paymob checkout: decisions 002
// and 044) answer a retry of the same checkout with its first answer. A retry comes within minutes (a lost answer, a
// double submit, a phone back online); a week later it is a new checkout. Each row holds an order's whole answer, one
// per checkout, so they are dropped once a week old, every night by the job queue's `prune-keys` (plugins/app/jobs.ts).
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutKeys, idempotencyKeys } from '../../db/schema.ts';

/** How long a checkout's key answers its retries. */
export const ORDER_KEYS_KEPT_DAYS = 7;

/** Drops the keys older than ORDER_KEYS_KEPT_DAYS; answers how many of each went. */
export async function pruneOrderKeys(db: Db, now = new Date()): Promise<{ idempotencyKeys: number; checkoutKeys: number }> {
  const before = new Date(now.getTime() - ORDER_KEYS_KEPT_DAYS * 86_400_000);
  const orders = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).returning({ key: idempotencyKeys.key });
  const checkouts = await db.delete(checkoutKeys).where(lt(checkoutKeys.createdAt, before)).returning({ key: checkoutKeys.key });
  return { idempotencyKeys: orders.length, checkoutKeys: checkouts.length };
}
