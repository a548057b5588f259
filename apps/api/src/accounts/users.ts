// User accounts, shared by the auth and users routes and by the seed: creating one (with its password hashed),
// finding one by email, changing its name, email or password. Usernames and emails stay unique here, with SPEC's
// messages.
import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { and, eq, gt, sql } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import type { Db } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { passwordResetTokens, users } from '../db/schema.ts';
import { conflict, invalid, notFound } from '../modules/errors.ts';
import { isUniqueViolation } from '../db/errors.ts';

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

/**
 * Changes the account's username and email. A new email needs the current password: without it a session (a borrowed
 * phone, a stolen token) could move the account to an address of its own and reset the password from there. Answers the
 * user and the email it had before.
 */
export async function updateProfile(db: Db, id: string, fields: { username: string; email: string; currentPassword?: string | undefined }) {
  const [saved] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  if (!saved) throw notFound(MESSAGES.userNotFound);
  if (fields.email !== saved.email) {
    if (!fields.currentPassword) throw invalid(MESSAGES.emailChangeNeedsPassword);
    const valid = await argon2.verify(saved.passwordHash, fields.currentPassword).catch(() => false);
    if (!valid) throw invalid(MESSAGES.currentPasswordWrong);
  }
  const changes = { username: fields.username, email: fields.email };
  await assertFree(db, changes, id);
  try {
    const [user] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
    if (!user) throw notFound(MESSAGES.userNotFound);
    return { user, previousEmail: saved.email };
  } catch (error) {
    const message = takenMessage(error);
    throw message ? conflict(message) : error;
  }
}

/**
 * Who a verified token names, read on every authenticated call (a deleted user or a revoked flag counts at once), so
 * prepared (db/prepared.ts).
 */
const accountLookup = preparedFor((db) =>
  db
    .select({ id: users.id, username: users.username, email: users.email, isAdmin: users.isAdmin, sessionVersion: users.sessionVersion, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('account_by_id'),
);

export async function findAccount(db: Db, id: string) {
  const [account] = await accountLookup(db).execute({ id });
  return account;
}

export async function revokeAdmin(db: Db, email: string): Promise<void> {
  await db.update(users).set({ isAdmin: false }).where(eq(users.email, email));
}

// ---- passwords -------------------------------------------------------------------------------------------------

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A reset token for the account with this email, if there is one: the token goes in the link, only its hash is kept.
 * One statement either way (the account is looked up inside the insert). The forgot-password route runs it after it
 * has answered.
 */
export async function issueResetToken(db: Db, email: string): Promise<{ token: string; account: { email: string; username: string } } | null> {
  const token = randomBytes(32).toString('base64url');
  // both drivers answer raw statements with their rows in `rows`
  const result = (await db.execute(sql`
    with account as (select id, email, username from ${users} where ${users.email} = ${email.toLowerCase()}),
    swept as (delete from ${passwordResetTokens} where user_id in (select id from account) and expires_at <= now()),
    issued as (
      insert into ${passwordResetTokens} (token_hash, user_id, expires_at)
      select ${sha256(token)}, id, now() + interval '1 hour' from account
      returning user_id
    )
    select account.email, account.username from issued join account on account.id = issued.user_id`)) as unknown as {
    rows: { email: string; username: string }[];
  };
  const [account] = result.rows;
  return account ? { token, account: { email: account.email, username: account.username } } : null;
}

/**
 * Sets the password named by a reset token, in one transaction: the token is taken (deleted) only while it is
 * unexpired, so of two uses only one succeeds; every other token of the account goes with it, and the session version
 * goes up, so every login token issued before is refused.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [taken] = await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), gt(passwordResetTokens.expiresAt, sql`now()`)))
      .returning({ userId: passwordResetTokens.userId });
    if (!taken) throw invalid(MESSAGES.resetLinkInvalid);
    await setPassword(tx, taken.userId, passwordHash);
  });
}

/** Checks the current password, then sets the new one; answers the new session version, for the caller's new token. */
export async function changePassword(db: Db, userId: string, currentPassword: string, newPassword: string): Promise<number> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(MESSAGES.userNotFound);
  const valid = await argon2.verify(user.passwordHash, currentPassword).catch(() => false);
  if (!valid) throw invalid(MESSAGES.currentPasswordWrong);
  if (currentPassword === newPassword) throw invalid(MESSAGES.samePassword);
  const passwordHash = await hashPassword(newPassword);
  return db.transaction((tx) => setPassword(tx, userId, passwordHash));
}

async function setPassword(db: Db, userId: string, passwordHash: string): Promise<number> {
  const [user] = await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  return user!.sessionVersion;
}
