// User accounts, shared by the auth and users routes and by the seed: creating one (with its password hashed),
// finding one by email, changing its name or email. Usernames and emails stay unique here, with SPEC's messages.
import argon2 from 'argon2';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../lib/errors.ts';

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
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

/** Who a verified token names, read on every authenticated call (a deleted user or a revoked flag counts at once). */
export async function findAccount(db: Db, id: string) {
  const [account] = await db
    .select({ id: users.id, username: users.username, email: users.email, isAdmin: users.isAdmin, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, id));
  return account;
}

export async function revokeAdmin(db: Db, email: string): Promise<void> {
  await db.update(users).set({ isAdmin: false }).where(eq(users.email, email));
}
