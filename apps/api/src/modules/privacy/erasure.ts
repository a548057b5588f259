// "Delete my account" (PRODUCT section 9): with her password, refused while an order of hers is under way or can still
// be returned; otherwise, in one transaction, every module erases what it holds of her (sections.ts), the account goes
// (its cart, wishlist, asks, consents, sign-ins and sessions with it), and the audit trail records the erasure by her
// account's id alone. The deletion log (erasure-log.ts) is written before the commit.
import { count, eq, inArray } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import { isOpen, isStillReturnable } from '@shop/core/order-status';
import type { Db } from '../../db/client.ts';
import { auditEntries, orders, reviews, users } from '../../db/schema.ts';
import { passwordMatches } from '../accounts/passwords.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { forgetJobsMentioning } from '../jobs/queue.ts';
import type { ErasureLog } from './erasure-log.ts';
import { ERASED, type ErasedAccount } from './personal-data.ts';
import { PERSONAL_DATA } from './sections.ts';

export interface ErasureContext {
  db: Db;
  erasureLog: ErasureLog;
}

/** Everything of hers erased in the caller's transaction, and the audit row that says so (what stays, counted). */
async function erase(tx: Db, account: ErasedAccount, action: 'erase' | 'erase-again'): Promise<void> {
  const [kept] = await tx.select({ orders: count() }).from(orders).where(eq(orders.userId, account.id));
  const [written] = await tx.select({ reviews: count() }).from(reviews).where(eq(reviews.userId, account.id));
  for (const data of PERSONAL_DATA) await data.erase?.(tx, account);
  await forgetJobsMentioning(tx, account.email);
  await tx.delete(users).where(eq(users.id, account.id));
  await tx.insert(auditEntries).values({
    actorId: null,
    actorUsername: ERASED,
    entity: 'user',
    entityId: account.id,
    action,
    before: null,
    after: { ordersKept: kept?.orders ?? 0, reviewsKept: written?.reviews ?? 0 },
  });
}

export async function deleteAccount(ctx: ErasureContext, userId: string, password: string, now = new Date()): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound(MESSAGES.userNotFound);
  if (!(await passwordMatches(user.passwordHash, password))) throw invalid(MESSAGES.currentPasswordWrong);
  await ctx.db.transaction(async (tx) => {
    const inTx = tx as unknown as Db;
    // the admins' rows locked as setRole locks them: the shop never loses its last admin
    const admins = await inTx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
    const [account] = await inTx.select({ id: users.id, email: users.email, username: users.username, role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!account) throw notFound(MESSAGES.userNotFound);
    if (account.role === 'admin' && admins.length <= 1) throw conflict(MESSAGES.lastAdmin);
    const hers = await inTx.select({ status: orders.status, history: orders.history }).from(orders).where(eq(orders.userId, userId)).for('update');
    if (hers.some(isOpen)) throw conflict(MESSAGES.deleteWhileOrderOpen);
    if (hers.some((order) => isStillReturnable(order, now))) throw conflict(MESSAGES.deleteWhileReturnable);
    await erase(inTx, account, 'erase');
    ctx.erasureLog.append(account.id, now);
  });
}

/**
 * The start's replay of the deletion log: an account the log holds that the database has again (a backup restored
 * from before her erasure) is erased again, whatever its orders now say (she was erased once they allowed it).
 * Answers how many came back.
 */
export async function eraseAgain(db: Db, erasureLog: ErasureLog): Promise<number> {
  const ids = erasureLog.ids();
  if (ids.length === 0) return 0;
  let again = 0;
  for (let start = 0; start < ids.length; start += 1000) {
    const back = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids.slice(start, start + 1000)));
    for (const { id } of back) {
      await db.transaction(async (tx) => {
        const inTx = tx as unknown as Db;
        const [account] = await inTx.select({ id: users.id, email: users.email, username: users.username }).from(users).where(eq(users.id, id)).for('update');
        if (account) await erase(inTx, account, 'erase-again');
      });
      again += 1;
    }
  }
  return again;
}

