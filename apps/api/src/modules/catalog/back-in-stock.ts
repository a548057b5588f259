// "Tell me when it's back" (PRODUCT section 8, decision 040): a signed-in shopper asks about a sold-out size of a
// product; the stock change that brings that size back (the admin's save, a cancel giving pieces back) publishes
// `stock.back`, which adds one mail job per waiting ask in its own transaction (jobs.ts), and the job marks the ask
// told in the transaction that mails it.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { sizeInStock, sizeNotOffered } from '@shop/core/messages';
import type { Lang } from '@shop/core/locale';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { backInStockRequests, productSizes, products, users } from '../../db/schema.ts';
import { conflict, invalid } from '../errors.ts';
import type { SizeBack } from '../events.ts';
import { findProductRow } from './products.ts';

/**
 * The shopper asks to be told when the product's size is back. Only a size the product has and that is sold out now
 * (400, 409 otherwise); asking again while the first ask waits changes nothing. The size's row is share-locked while
 * the ask is written, so a stock change that brings it back either came first (409: buy it now) or waits for the ask
 * and then finds it.
 */
export async function askBackInStock(db: Db, userId: string, productIdOrName: string, size: string, lang: Lang): Promise<{ product: string; size: string }> {
  const product = await findProductRow(db, productIdOrName);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ stock: productSizes.stock })
      .from(productSizes)
      .where(and(eq(productSizes.productId, product.id), eq(productSizes.size, size)))
      .for('share');
    if (!row) throw invalid(sizeNotOffered(size));
    if (row.stock !== 0) throw conflict(sizeInStock(size));
    await tx.insert(backInStockRequests).values({ productId: product.id, userId, size, lang }).onConflictDoNothing();
  });
  return { product: product.id, size };
}

/** What a back-in-stock mail's job carries: the ask it tells. */
export interface BackInStockMailJob {
  requestId: string;
  /** the try this job makes: after a failed one, the next is a job of its own, due after MAIL_RETRY_DELAYS */
  attempt?: number;
}

/** The asks still waiting on sizes that just came back, oldest first (read in the stock change's transaction). */
export async function waitingAsks(tx: Db, back: readonly SizeBack[]): Promise<string[]> {
  if (back.length === 0) return [];
  const pairs = sql.join(back.map(({ productId, size }) => sql`(${productId}::uuid, ${size}::text)`), sql`, `);
  const waiting = await queryRows<{ id: string }>(
    tx,
    sql`select r.id from ${backInStockRequests} r
      where (r.product_id, r.size) in (${pairs}) and r.notified_at is null
      order by r.created_at, r.id`,
  );
  return waiting.map(({ id }) => id);
}

/** An ask as its mail is written: who, in which language, and the product and size as they are now. */
export interface WaitingAsk {
  id: string;
  email: string;
  username: string;
  lang: Lang;
  size: string;
  createdAt: Date;
  product: { name: string; nameAr: string | null };
}

/**
 * Runs `tell` on the ask in one transaction, its row locked, when it is still waiting; marks it told when `tell`
 * answers true. An ask already told (or gone with its product or account) is not told again: `tell` is not called and
 * the answer is 'done'. An ask whose size sold out again before its job ran keeps waiting for the next time
 * ('sold-out-again'). Another job holding the ask (a second one queued while the first ran) leaves it to that one.
 */
export async function tellWaitingAsk<T>(db: Db, requestId: string, tell: (ask: WaitingAsk) => Promise<{ told: boolean; outcome: T }>): Promise<'done' | 'sold-out-again' | { outcome: T }> {
  return db.transaction(async (tx) => {
    const [ask] = await tx
      .select({
        id: backInStockRequests.id,
        email: users.email,
        username: users.username,
        lang: backInStockRequests.lang,
        size: backInStockRequests.size,
        createdAt: backInStockRequests.createdAt,
        productId: backInStockRequests.productId,
        name: products.name,
        nameAr: products.nameAr,
      })
      .from(backInStockRequests)
      .innerJoin(users, eq(users.id, backInStockRequests.userId))
      .innerJoin(products, eq(products.id, backInStockRequests.productId))
      .where(and(eq(backInStockRequests.id, requestId), isNull(backInStockRequests.notifiedAt)))
      .for('update', { of: backInStockRequests, skipLocked: true });
    if (!ask) return 'done';
    const [size] = await tx
      .select({ stock: productSizes.stock })
      .from(productSizes)
      .where(and(eq(productSizes.productId, ask.productId), eq(productSizes.size, ask.size)));
    if (size?.stock === 0 || size === undefined) return 'sold-out-again';
    const { told, outcome } = await tell({
      id: ask.id,
      email: ask.email,
      username: ask.username,
      lang: ask.lang,
      size: ask.size,
      createdAt: ask.createdAt,
      product: { name: ask.name, nameAr: ask.nameAr },
    });
    if (told) await tx.update(backInStockRequests).set({ notifiedAt: new Date() }).where(eq(backInStockRequests.id, ask.id));
    return { outcome };
  });
}
