// Who is an admin: the one ADMIN_EMAIL names (made at start), the ones the operator promotes from the command line,
// and never a customer by a start alone (docs/security.md, audit finding 1).
import { eq } from 'drizzle-orm';
import { ConfigError } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { findUserByEmail } from './users.ts';

export const PROMOTE_COMMAND = 'npm run admin:promote -- <email>';

// a ConfigError, so the start stops with the message alone
export class AdminEmailTakenError extends ConfigError {}

/**
 * The admin named by ADMIN_EMAIL / ADMIN_PASSWORD is created when no account holds that email. An account that
 * does is never promoted by a start: whoever registered it knows its password, the operator may not. An admin
 * already there is left as it is (its password included); anyone else stops the start.
 */
export async function ensureAdmin(db: Db, admin: { email: string; password: string; username: string }): Promise<void> {
  const user = await findUserByEmail(db, admin.email);
  if (user) {
    if (user.isAdmin) return;
    throw new AdminEmailTakenError(
      `ADMIN_EMAIL ${admin.email} belongs to an existing account that is not an admin, so the shop did not start. ` +
        `A start never promotes an account (whoever registered it knows its password). If that account is yours, ` +
        `promote it with \`${PROMOTE_COMMAND.replace('<email>', admin.email)}\` and start again; otherwise choose another ADMIN_EMAIL.`,
    );
  }
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, admin.username));
  const username = taken ? `${admin.username}-${Date.now().toString(36)}` : admin.username;
  await db.insert(users).values({ username, email: admin.email, passwordHash: await hashPassword(admin.password), role: 'admin' });
}

/** The operator's way to make an existing account an admin (npm run admin:promote). */
export async function promoteToAdmin(db: Db, email: string): Promise<'promoted' | 'already admin' | 'not found'> {
  const user = await findUserByEmail(db, email.trim());
  if (!user) return 'not found';
  if (user.isAdmin) return 'already admin';
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  return 'promoted';
}

/** A start with ADMIN_EMAIL takes the rights of an admin it did not make (the demo admin of an earlier start). */
export async function revokeAdmin(db: Db, email: string): Promise<void> {
  await db.update(users).set({ role: 'customer' }).where(eq(users.email, email));
}
