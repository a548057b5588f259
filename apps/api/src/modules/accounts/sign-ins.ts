// Each sign-in of an account (PRODUCT section 9): when, from which address and browser, and how (a password alone, a
// code of the app, a recovery code). Hers to read in her data's export; kept 90 days, then dropped by her next sign-in.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { SignIn } from '@shop/core/contract/privacy';
import type { Db } from '../../db/client.ts';
import { signIns } from '../../db/schema.ts';

export const SIGN_INS_KEPT_DAYS = 90;
const USER_AGENT_MAX = 300;

export async function recordSignIn(db: Db, userId: string, signIn: Omit<SignIn, 'at'>): Promise<void> {
  await db.insert(signIns).values({ userId, ip: signIn.ip, userAgent: signIn.userAgent.slice(0, USER_AGENT_MAX), method: signIn.method });
  await db.delete(signIns).where(and(eq(signIns.userId, userId), lt(signIns.at, sql`now() - make_interval(days => ${SIGN_INS_KEPT_DAYS})`)));
}

export async function signInsOf(db: Db, userId: string): Promise<SignIn[]> {
  const rows = await db.select().from(signIns).where(eq(signIns.userId, userId)).orderBy(desc(signIns.at));
  return rows.map((row) => ({ at: row.at.toISOString(), ip: row.ip, userAgent: row.userAgent, method: row.method }));
}
