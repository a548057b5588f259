// User accounts: creating one (with its password hashed), finding one (by email, id or username, and who a token
// names), logging in, changing its name and email. Usernames and emails stay unique here, with SPEC's messages.
import argon2 from 'argon2';
import { count, eq, sql } from 'drizzle-orm';
import type { Role } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { preparedFor } from '../../db/prepared.ts';
import { users } from '../../db/schema.ts';
import { recordChange, type Actor } from '../audit/audit.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import type { Page } from '../paging.ts';
import { toUser } from '../wire.ts';
import { queueAccountMail } from './account-mail.ts';
import type { AccountContext } from './context.ts';
import { hashPassword, passwordMatches } from './passwords.ts';

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
      .values({ username: fields.username, email: fields.email, passwordHash: await hashPassword(fields.password), role: fields.isAdmin ? 'admin' : 'customer' })
      .returning();
    return user!;
  } catch (error) {
    // Two registrations racing for the same name: the loser hears why.
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
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      isAdmin: users.isAdmin,
      role: users.role,
      sessionVersion: users.sessionVersion,
      twoFactor: sql<boolean>`${users.twoFactorSecret} is not null`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('account_by_id'),
);

export async function findAccount(db: Db, id: string) {
  const [account] = await accountLookup(db).execute({ id });
  return account;
}

export async function findUser(db: Db, idOrUsername: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(isUuid(idOrUsername) ? eq(users.id, idOrUsername) : sql`lower(${users.username}) = lower(${idOrUsername})`);
  if (!user) throw notFound(MESSAGES.userNotFound);
  return user;
}

export async function listUsers(db: Db, page: Page) {
  const [rows, [total]] = await Promise.all([
    // the index is (created_at desc nulls last, id desc nulls last): the ORDER BY must say the same to use it
    db.select().from(users).orderBy(sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(users),
  ]);
  return { users: rows.map(toUser), total: total?.value ?? 0 };
}

// Verifying against this hash when the email is unknown keeps both failures equally slow. It is made by the first
// sign-in, not at start, where it took 130 ms of a start's 1.1 s (argon2 beside PostgreSQL starting, on 2 cores).
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= argon2.hash('decoy password that never matches', { type: argon2.argon2id }));

/** The account this email and password open, or null; an unknown email takes as long as a wrong password. */
export async function userByCredentials(db: Db, email: string, password: string) {
  const user = await findUserByEmail(db, email);
  // awaited by every sign-in, so the first one waits for it whether its email is known or not
  const unknownEmailHash = await decoyHash();
  const valid = await passwordMatches(user?.passwordHash ?? unknownEmailHash, password);
  return user && valid ? user : null;
}

/**
 * Changes the account's username and email. A new email needs the current password: without it a session (a borrowed
 * phone, a stolen token) could move the account to an address of its own and reset the password from there. Answers the
 * user and the email it had before.
 */
async function saveProfile(db: Db, id: string, fields: { username: string; email: string; currentPassword?: string | undefined }) {
  const [saved] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  if (!saved) throw notFound(MESSAGES.userNotFound);
  if (fields.email !== saved.email) {
    if (!fields.currentPassword) throw invalid(MESSAGES.emailChangeNeedsPassword);
    if (!(await passwordMatches(saved.passwordHash, fields.currentPassword))) throw invalid(MESSAGES.currentPasswordWrong);
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
 * The customer changes their name or email; a new email is told to the address it leaves, in the request's language,
 * by a mail queued in the change's transaction.
 */
export async function updateProfile(
  ctx: AccountContext,
  id: string,
  fields: { username: string; email: string; currentPassword?: string | undefined },
  lang: 'en' | 'ar',
) {
  return ctx.db.transaction(async (tx) => {
    const inTx = tx as unknown as Db;
    const { user, previousEmail } = await saveProfile(inTx, id, fields);
    if (user.email !== previousEmail) {
      await queueAccountMail(ctx.jobs, inTx, { kind: 'email-changed', previousEmail, email: user.email, username: user.username, lang });
    }
    return user;
  });
}

/**
 * An admin sets an account's role. The admins' rows are locked first, so two admins demoting each other at once
 * cannot leave the shop without one: the second waits, then counts the admins the first left.
 */
export async function setRole(db: Db, id: string, role: Role, actor?: Actor) {
  if (!isUuid(id)) throw notFound(MESSAGES.userNotFound);
  return db.transaction(async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!user) throw notFound(MESSAGES.userNotFound);
    if (user.role === 'admin' && role !== 'admin' && admins.length <= 1) throw conflict(MESSAGES.lastAdmin);
    // a new role ends every session of the account (PRODUCT section 9): its tokens carry the old session version
    const [changed] = await tx
      .update(users)
      .set(user.role === role ? { role } : { role, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, id))
      .returning();
    if (actor && user.role !== role) {
      await recordChange(tx as unknown as Db, actor, { entity: 'user', entityId: id, action: 'role', before: { username: user.username, role: user.role }, after: { username: user.username, role } });
    }
    return { before: user, after: changed! };
  });
}
