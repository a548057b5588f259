// Who is calling: the bearer token is verified (HS256 only, with an expiry) and the account is read from
// the database on every call, so a deleted user, a revoked admin flag or a password change takes effect at once.
import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import { findAccount } from '../../modules/accounts/users.ts';
import { forbidden, unauthenticated } from '../../modules/errors.ts';

export interface Account {
  id: string;
  username: string;
  email: string;
  isAdmin: boolean;
  role: Role;
  /** Raised by a password or role change; a token carries the one it was issued under (`sv`, absent for 0). */
  sessionVersion: number;
  /** two-step sign-in is on (PRODUCT section 9) */
  twoFactor: boolean;
  createdAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    signToken(account: Pick<Account, 'id'> & { sessionVersion?: number }): string;
  }
  interface FastifyRequest {
    account: Account | null;
  }
}

const BEARER = /^bearer\s+(\S+)\s*$/i;

export default fp(
  async (app) => {
    await app.register(fastifyJwt, {
      secret: app.config.jwtSecret,
      sign: { algorithm: 'HS256', expiresIn: app.config.tokenTtl },
      verify: { algorithms: ['HS256'], requiredClaims: ['sub', 'exp'] }, // a token without an expiry is refused
      decoratorName: 'jwtPayload',
    });

    app.decorateRequest('account', null);

    app.decorate('signToken', (account: Pick<Account, 'id'> & { sessionVersion?: number }) =>
      app.jwt.sign(account.sessionVersion ? { sub: account.id, sv: account.sessionVersion } : { sub: account.id }),
    );

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const match = BEARER.exec(request.headers.authorization ?? '');
      if (!match) throw unauthenticated(MESSAGES.tokenMissing);
      let claims: { sub?: unknown; sv?: unknown };
      try {
        claims = app.jwt.verify(match[1]!);
      } catch {
        throw unauthenticated(MESSAGES.tokenInvalid);
      }
      const subject = claims.sub;
      if (typeof subject !== 'string' || !/^[0-9a-f-]{36}$/i.test(subject)) throw unauthenticated(MESSAGES.tokenInvalid);
      const account = await findAccount(app.db, subject);
      // a token issued before the last password change (or reset) is refused
      if (!account || (claims.sv ?? 0) !== account.sessionVersion) throw unauthenticated(MESSAGES.tokenInvalid);
      request.account = account;
    });

    // With settings `security.staffTwoFactor`, the dashboard is closed to staff and admins who have not turned on
    // two-step sign-in; their own account's calls (turning it on among them) stay open.
    const assertSecondStep = async (account: Account) => {
      if (!account.twoFactor && (await app.settings.current()).security.staffTwoFactor) throw forbidden(MESSAGES.twoFactorRequired);
    };

    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (!request.account?.isAdmin) throw forbidden(MESSAGES.adminOnly);
      await assertSecondStep(request.account);
    });

    // the dashboard's orders and products: staff and admins
    app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (!isStaff(request.account)) throw forbidden(MESSAGES.staffOnly);
      await assertSecondStep(request.account!);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The authenticated account; only call behind `app.authenticate`. */
export function accountOf(request: Pick<FastifyRequest, 'account'>): Account {
  if (!request.account) throw unauthenticated(MESSAGES.tokenMissing);
  return request.account;
}

/** Staff or an admin: who works the dashboard's orders and products. */
export function isStaff(account: Pick<Account, 'role'> | null): boolean {
  return account?.role === 'staff' || account?.role === 'admin';
}

/** Owner-or-admin check for things that belong to one user. */
export function assertOwnerOrAdmin(request: Pick<FastifyRequest, 'account'>, ownerId: string | null): void {
  const account = accountOf(request);
  if (account.id !== ownerId && !account.isAdmin) throw forbidden(MESSAGES.notYours);
}

/**
 * For reads addressed by a user id or username: a customer may name only themself. Checked before any lookup,
 * so someone else's account and a missing one get the same 403 (no probing for accounts).
 */
export function assertNamesSelfOrAdmin(request: Pick<FastifyRequest, 'account'>, idOrUsername: string): void {
  const account = accountOf(request);
  if (account.isAdmin) return;
  const named = idOrUsername.trim();
  if (named.toLowerCase() !== account.id.toLowerCase() && named.toLowerCase() !== account.username.toLowerCase()) throw forbidden(MESSAGES.notYours);
}
