import argon2 from 'argon2';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import type { Db } from '../../db/client.ts';
import { products, users, wishlistItems } from '../../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Page } from '../../lib/pagination.ts';
import { toProduct, toUser } from '../../lib/wire.ts';

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

export async function findUser(db: Db, idOrUsername: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(isUuid(idOrUsername) ? eq(users.id, idOrUsername) : sql`lower(${users.username}) = lower(${idOrUsername})`);
  if (!user) throw notFound(MESSAGES.userNotFound);
  return user;
}

async function assertFree(db: Db, fields: { username: string; email: string }, exceptId?: string) {
  const taken = await db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(sql`(${users.email} = ${fields.email} or lower(${users.username}) = lower(${fields.username}))`);
  const others = taken.filter((user) => user.id !== exceptId);
  if (others.some((user) => user.email === fields.email)) throw conflict(MESSAGES.emailTaken);
  if (others.length > 0) throw conflict(MESSAGES.usernameTaken);
}

function takenMessage(error: unknown): string | null {
  if (isUniqueViolation(error, 'users_email_key')) return MESSAGES.emailTaken;
  if (isUniqueViolation(error, 'users_username_key')) return MESSAGES.usernameTaken;
  return null;
}

export async function createUser(db: Db, fields: { username: string; email: string; password: string; isAdmin?: boolean }) {
  await assertFree(db, fields);
  try {
    const [user] = await db
      .insert(users)
      .values({ username: fields.username, email: fields.email, passwordHash: await hashPassword(fields.password), isAdmin: fields.isAdmin ?? false })
      .returning();
    return user!;
  } catch (error) {
    // Two registrations racing for the same name: the loser hears why.
    const message = takenMessage(error);
    throw message ? conflict(message) : error;
  }
}

export async function updateProfile(db: Db, id: string, fields: { username: string; email: string }) {
  await assertFree(db, fields, id);
  try {
    const [user] = await db.update(users).set(fields).where(eq(users.id, id)).returning();
    if (!user) throw notFound(MESSAGES.userNotFound);
    return user;
  } catch (error) {
    const message = takenMessage(error);
    throw message ? conflict(message) : error;
  }
}

export async function listUsers(db: Db, page: Page) {
  const [rows, [total]] = await Promise.all([
    // the index is (created_at desc nulls last, id desc nulls last): the ORDER BY must say the same to use it
    db.select().from(users).orderBy(sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(users),
  ]);
  return { users: rows.map(toUser), total: total?.value ?? 0 };
}

export async function wishlistOf(db: Db, userId: string) {
  const rows = await db
    .select({ product: products })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
  return rows.map((row) => toProduct(row.product));
}

export async function userWithWishlist(db: Db, user: Parameters<typeof toUser>[0]) {
  return { ...toUser(user), wishlist: await wishlistOf(db, user.id) };
}

/** Adds the product to the wishlist, or takes it out if it is there. */
export async function toggleWishlist(db: Db, userId: string, productId: string): Promise<'added' | 'removed'> {
  const [product] = isUuid(productId) ? await db.select({ id: products.id }).from(products).where(eq(products.id, productId)) : [];
  if (!product) throw notFound(MESSAGES.productNotFound);
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  if (removed.length > 0) return 'removed';
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  return 'added';
}
