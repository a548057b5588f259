// Two-step sign-in for the shop's staff and admins (PRODUCT section 9): a TOTP code of an authenticator app (RFC 6238,
// `otpauth`), or one of ten one-time recovery codes. Login then answers a ticket instead of a token, and
// POST /api/auth/2fa trades the ticket and a code for the token. A code is taken once: the last time step used is kept,
// so the same code, or an older one, is refused; a recovery code is deleted when used. Decision 056.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { RECOVERY_CODES } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import type { TwoFactorSetup } from '@shop/core/contract/privacy';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, users } from '../../db/schema.ts';
import { recordChange, type Actor } from '../audit/audit.ts';
import { conflict, forbidden, invalid, notFound } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { passwordMatches } from './passwords.ts';

const PERIOD_SECONDS = 30;
/** A code of the step before or after now is taken too: a phone's clock a little off, a code typed as it turned. */
const WINDOW_STEPS = 1;
const TICKET_TTL_MS = 5 * 60_000;

const totpOf = (secret: string, issuer: string, label: string) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A recovery code as typed: any case, with or without its dash and spaces. */
const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const letters = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

async function accountOf(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound(MESSAGES.userNotFound);
  return user;
}

/** Staff and admins only; a new secret replaces one being set up. The QR code is the otpauth link, as an SVG image. */
export async function startTwoFactor(db: Db, userId: string, issuer: string): Promise<TwoFactorSetup> {
  const user = await accountOf(db, userId);
  if (user.role === 'customer') throw forbidden(MESSAGES.twoFactorStaffOnly);
  if (user.twoFactorSecret) throw conflict(MESSAGES.twoFactorAlreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  await db.update(users).set({ twoFactorPendingSecret: secret }).where(eq(users.id, userId));
  const otpauthUrl = totpOf(secret, issuer, user.email).toString();
  const svg = renderSVG(otpauthUrl, { border: 2 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step a code of this secret names now, or null. */
function stepOf(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, 'shop', 'account').validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * Turns it on with a code of the secret being set up: the ten recovery codes are made (only their hashes kept) and
 * answered once; the session version goes up, so every other session of the account ends.
 */
export async function enableTwoFactor(db: Db, userId: string, code: string): Promise<{ recoveryCodes: string[]; sessionVersion: number }> {
  const user = await accountOf(db, userId);
  if (user.role === 'customer') throw forbidden(MESSAGES.twoFactorStaffOnly);
  if (user.twoFactorSecret) throw conflict(MESSAGES.twoFactorAlreadyOn);
  if (!user.twoFactorPendingSecret) throw conflict(MESSAGES.twoFactorNotStarted);
  const step = stepOf(user.twoFactorPendingSecret, code.trim());
  if (step === null) throw invalid(MESSAGES.twoFactorCodeWrong);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const sessionVersion = await db.transaction(async (tx) => {
    const [on] = await tx
      .update(users)
      .set({ twoFactorSecret: user.twoFactorPendingSecret, twoFactorPendingSecret: null, twoFactorLastStep: step, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(and(eq(users.id, userId), isNull(users.twoFactorSecret), eq(users.twoFactorPendingSecret, user.twoFactorPendingSecret!)))
      .returning({ sessionVersion: users.sessionVersion });
    if (!on) throw conflict(MESSAGES.twoFactorAlreadyOn);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((recovery) => ({ userId, codeHash: sha256(normalRecoveryCode(recovery)) })));
    return on.sessionVersion;
  });
  return { recoveryCodes: codes, sessionVersion };
}

/**
 * The second step: a code of the app (taken only when its time step is later than the last one taken, in one UPDATE,
 * so of two sign-ins with the same code one succeeds) or a recovery code (deleted as it is taken). Answers how, or null.
 */
export async function takeSecondStep(db: Db, userId: string, code: string): Promise<'code' | 'recovery-code' | null> {
  const typed = code.trim();
  const [user] = await db.select({ secret: users.twoFactorSecret }).from(users).where(eq(users.id, userId));
  if (!user?.secret) return null;
  const step = stepOf(user.secret, typed);
  if (step !== null) {
    const [taken] = await db
      .update(users)
      .set({ twoFactorLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
      .returning({ id: users.id });
    return taken ? 'code' : null;
  }
  const [used] = await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, sha256(normalRecoveryCode(typed)))))
    .returning({ userId: recoveryCodes.userId });
  return used ? 'recovery-code' : null;
}

async function turnOff(db: Db, userId: string, { endSessions }: { endSessions: boolean }): Promise<boolean> {
  const [off] = await db
    .update(users)
    .set({
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorLastStep: null,
      ...(endSessions ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
    })
    .where(and(eq(users.id, userId), isNotNull(users.twoFactorSecret)))
    .returning({ id: users.id });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return Boolean(off);
}

/** She turns hers off, with her password and a code (of the app, or a recovery code). */
export async function disableTwoFactor(db: Db, userId: string, password: string, code: string): Promise<void> {
  const user = await accountOf(db, userId);
  if (!user.twoFactorSecret) throw conflict(MESSAGES.twoFactorNotOn);
  if (!(await passwordMatches(user.passwordHash, password))) throw invalid(MESSAGES.currentPasswordWrong);
  if (!(await takeSecondStep(db, userId, code))) throw invalid(MESSAGES.twoFactorCodeWrong);
  await db.transaction((tx) => turnOff(tx as unknown as Db, userId, { endSessions: false }));
}

/** An admin turns off another's (a phone lost with its recovery codes): recorded in the audit trail; its sessions end. */
export async function resetTwoFactor(db: Db, userId: string, actor: Actor): Promise<void> {
  if (!isUuid(userId)) throw notFound(MESSAGES.userNotFound);
  await db.transaction(async (tx) => {
    const inTx = tx as unknown as Db;
    const [user] = await inTx.select({ username: users.username }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound(MESSAGES.userNotFound);
    if (!(await turnOff(inTx, userId, { endSessions: true }))) throw conflict(MESSAGES.twoFactorNotOn);
    await recordChange(inTx, actor, {
      entity: 'user',
      entityId: userId,
      action: 'two-factor-off',
      before: { username: user.username, twoFactor: true },
      after: { username: user.username, twoFactor: false },
    });
  });
}

// ---- the ticket between the two steps --------------------------------------------------------------

/**
 * What login answers an account with two-step sign-in: its id, its session version and an expiry, signed with a key
 * of its own (derived from the token secret), so a ticket is never a token and a token never a ticket. Stateless: a
 * password change in the five minutes (a new session version) voids it.
 */
export class TwoFactorTickets {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`${secret}\ntwo-factor-ticket`).digest();
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  issue(account: { id: string; sessionVersion: number }, now = Date.now()): string {
    const body = Buffer.from(JSON.stringify({ sub: account.id, sv: account.sessionVersion, exp: now + TICKET_TTL_MS })).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The account and session version a ticket names, or null when it is forged, cut or expired. */
  read(ticket: string, now = Date.now()): { id: string; sessionVersion: number } | null {
    const [body, signature, extra] = ticket.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { sub?: unknown; sv?: unknown; exp?: unknown };
      if (typeof claims.sub !== 'string' || !isUuid(claims.sub) || typeof claims.sv !== 'number' || typeof claims.exp !== 'number') return null;
      return claims.exp > now ? { id: claims.sub, sessionVersion: claims.sv } : null;
    } catch {
      return null;
    }
  }
}
