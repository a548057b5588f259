// Passwords: hashed with argon2id, changed by their owner, reset through a single-use link mailed to the account
// (decision 013, "Passwords"). Every change signs out the sessions that came before it.
import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { and, eq, gt, sql } from 'drizzle-orm';
import { MESSAGES } from '@shop/core/messages';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { invalid, notFound } from '../errors.ts';
import { queueAccountMail } from './account-mail.ts';
import type { AccountContext } from './context.ts';

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  return argon2.verify(passwordHash, password).catch(() => false);
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A reset token for the account with this email, if there is one: the token goes in the link, only its hash is kept.
 * One statement either way (the account is looked up inside the insert). The reset's mail job runs it, after the
 * request has been answered.
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
  if (!(await passwordMatches(user.passwordHash, currentPassword))) throw invalid(MESSAGES.currentPasswordWrong);
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

/**
 * "Forgot password": nothing is looked up before the caller has its answer, the same whether or not the email has an
 * account: the request only queues its mail (one insert, whatever the email), so the answer's time says nothing about
 * the email (issue 25), and a crash after the answer loses no mail. The job looks the account up, stores a token and
 * mails the link (account-mail.ts), in the language the request was made in (decision 018).
 */
export async function requestPasswordReset(ctx: AccountContext, email: string, lang: 'en' | 'ar'): Promise<void> {
  await queueAccountMail(ctx.jobs, ctx.db, { kind: 'password-reset', email, lang });
}
