// Customers' reviews of the products they received (PRODUCT section 8, "Reviews").
import { and, desc, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import type { Review, ReviewFit } from '@shop/core/contract/reviews';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { orders, products, reviews, users } from '../../db/schema.ts';
import { recordChange } from '../audit/audit.ts';
import { findProductRow } from '../catalog/products.ts';
import type { CatalogContext } from '../catalog/context.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { Page } from '../paging.ts';

type ReviewChange = Pick<CatalogContext, 'db' | 'catalogChanged'>;

const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  userId: reviews.userId,
  username: sql<string>`coalesce(${users.username}, ${MESSAGES.formerCustomer})`,
  rating: reviews.rating,
  title: reviews.title,
  text: reviews.text,
  fit: reviews.fit,
  createdAt: reviews.createdAt,
};

type ReviewRow = { id: string; productId: string; userId: string | null; username: string; rating: number; title: string; text: string; fit: ReviewFit; createdAt: Date };

/**
 * A review as the wire has it. `public`: a product's list, which anyone reads, carries the author's name and no
 * account id (an id would let anyone tie her reviews to her other traces); `_id` stays null for an erased author
 * ("Former customer"). Her own review, read by her, keeps her id.
 */
function toReview(row: ReviewRow, audience: 'public' | 'author' = 'author'): Review {
  const user = audience === 'author' || row.userId === null ? { _id: row.userId, username: row.username } : { username: row.username };
  return {
    _id: row.id,
    product: row.productId,
    user,
    rating: row.rating,
    title: row.title,
    text: row.text,
    fit: row.fit,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A product's reviews, newest first, and how many it has (the count its row keeps, decision 047). */
export async function listReviews(db: Db, productIdOrName: string, page: Page) {
  const product = await findProductRow(db, productIdOrName);
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.productId, product.id))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return { reviews: rows.map((row) => toReview(row, 'public')), total: product.ratingCount };
}

/**
 * The customer's own review of the product, or null (she writes one per product), and whether she may write one now:
 * none yet and the product received, so the page offers the form only to her who can send it.
 */
export async function myReview(db: Db, userId: string, productIdOrName: string): Promise<{ review: Review | null; canReview: boolean }> {
  const product = await findProductRow(db, productIdOrName);
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, product.id), eq(reviews.userId, userId)));
  if (row) return { review: toReview(row), canReview: false };
  return { review: null, canReview: await received(db, userId, product.id) };
}

/** Whether the customer has an order of the product that was delivered to her. */
async function received(db: Db, userId: string, productId: string): Promise<boolean> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'delivered'), sql`${orders.lines} @> ${JSON.stringify([{ product: { _id: productId } }])}::jsonb`))
    .limit(1);
  return order !== undefined;
}

/** A customer reviews a product she received, once; the product's rating changes at once (the cache is dropped). */
export async function addReview(
  { db, catalogChanged }: ReviewChange,
  author: { id: string; username: string },
  productIdOrName: string,
  body: { rating: number; title: string; text: string; fit: ReviewFit },
): Promise<Review> {
  const product = await findProductRow(db, productIdOrName);
  if (!(await received(db, author.id, product.id))) throw forbidden(MESSAGES.reviewNotReceived);
  try {
    const [row] = await db.insert(reviews).values({ productId: product.id, userId: author.id, ...body }).returning();
    catalogChanged();
    return toReview({ ...row!, username: author.username });
  } catch (error) {
    if (isUniqueViolation(error, 'reviews_product_user_key')) throw conflict(MESSAGES.reviewTwice);
    throw error;
  }
}

/**
 * An admin removes any review; a customer her own. A review removed by anyone but its author is written to the audit
 * trail in the same transaction (the product, the author's name, the rating and title: what was taken down).
 */
export async function deleteReview({ db, catalogChanged }: ReviewChange, by: { id: string; username: string; isAdmin: boolean }, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(MESSAGES.reviewNotFound);
  await db.transaction(async (tx) => {
    const [review] = await tx
      .select({ ...reviewColumns, productName: products.name })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.id, id))
      .for('update', { of: reviews });
    if (!review) throw notFound(MESSAGES.reviewNotFound);
    if (!by.isAdmin && review.userId !== by.id) throw forbidden(MESSAGES.notYours);
    await tx.delete(reviews).where(eq(reviews.id, id));
    if (review.userId !== by.id) {
      const before = { name: review.productName, product: review.productId, username: review.username, rating: review.rating, title: review.title };
      await recordChange(tx as unknown as Db, by, { entity: 'review', entityId: id, action: 'delete', before, after: null });
    }
  });
  catalogChanged();
}
