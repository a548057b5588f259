import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { SignIn } from '@shop/core/contract/privacy';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { requestLanguage } from '../../lib/language.ts';
import { route } from '../../lib/route.ts';
import { privacyVersion, recordConsents } from '../../modules/accounts/consents.ts';
import { requestPasswordReset, resetPassword } from '../../modules/accounts/passwords.ts';
import { recordSignIn } from '../../modules/accounts/sign-ins.ts';
import { takeSecondStep, TwoFactorTickets } from '../../modules/accounts/two-factor.ts';
import { createUser, findAccount, userByCredentials } from '../../modules/accounts/users.ts';
import { invalid } from '../../modules/errors.ts';
import { toUser } from '../../modules/wire.ts';

// Repeated failed logins from one client address are slowed before they are refused: past half the rate
// limit within a minute, each answer to that address waits twice as long as the one before (capped), whether
// the password is right or not. Counted in memory, per process, like the rate limit itself.
const FAILURE_WINDOW_MS = 60_000;
const SLOWDOWN_BASE_MS = 250;
const SLOWDOWN_MAX_MS = 4_000;
const TRACKED_ADDRESSES_MAX = 10_000;

class LoginFailures {
  private readonly byAddress = new Map<string, { count: number; since: number }>();

  constructor(private readonly slowAfter: number) {}

  delayFor(address: string, now = Date.now()): number {
    const entry = this.byAddress.get(address);
    const failures = entry && now - entry.since < FAILURE_WINDOW_MS ? entry.count : 0;
    const beyond = failures - this.slowAfter;
    return beyond < 0 ? 0 : Math.min(SLOWDOWN_BASE_MS * 2 ** beyond, SLOWDOWN_MAX_MS);
  }

  record(address: string, now = Date.now()): void {
    const entry = this.byAddress.get(address);
    if (entry && now - entry.since < FAILURE_WINDOW_MS) {
      entry.count += 1;
      return;
    }
    this.byAddress.delete(address);
    if (this.byAddress.size >= TRACKED_ADDRESSES_MAX) {
      for (const [key, old] of this.byAddress) if (now - old.since >= FAILURE_WINDOW_MS) this.byAddress.delete(key);
      if (this.byAddress.size >= TRACKED_ADDRESSES_MAX) this.byAddress.delete(this.byAddress.keys().next().value!);
    }
    this.byAddress.set(address, { count: 1, since: now });
  }
}

const authRoutes: FastifyPluginAsync = async (app) => {
  const failures = new LoginFailures(Math.ceil(app.config.loginRateLimit / 2));
  const tickets = new TwoFactorTickets(app.config.jwtSecret);
  const signIn = (request: FastifyRequest, userId: string, method: SignIn['method']) =>
    recordSignIn(app.db, userId, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', method });

  route(
    app,
    endpoints.login,
    async (request) => {
      const { email, password } = request.body;
      const delay = failures.delayFor(request.ip);
      if (delay > 0) await sleep(delay);
      const user = await userByCredentials(app.db, email, password);
      if (!user) {
        failures.record(request.ip);
        throw invalid(MESSAGES.invalidCredentials);
      }
      // two-step sign-in (PRODUCT section 9): no token until a code is given with this ticket
      if (user.twoFactorSecret) return { twoFactorRequired: true as const, ticket: tickets.issue(user) };
      await signIn(request as unknown as FastifyRequest, user.id, 'password');
      return { ...toUser(user), token: app.signToken(user) };
    },
    { config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } } },
  );

  // The second step: limited like the password, per account (a stolen password from many addresses still gets only
  // LOGIN_RATE_LIMIT guesses a minute), and slowed per address like failed logins.
  route(
    app,
    endpoints.twoFactorLogin,
    async (request) => {
      const delay = failures.delayFor(request.ip);
      if (delay > 0) await sleep(delay);
      const named = tickets.read(request.body.ticket);
      const account = named ? await findAccount(app.db, named.id) : undefined;
      if (!named || !account || account.sessionVersion !== named.sessionVersion) throw invalid(MESSAGES.twoFactorTicketInvalid);
      const method = await takeSecondStep(app.db, account.id, request.body.code);
      if (!method) {
        failures.record(request.ip);
        throw invalid(MESSAGES.twoFactorCodeWrong);
      }
      await signIn(request as unknown as FastifyRequest, account.id, method);
      return { ...toUser(account), token: app.signToken(account) };
    },
    {
      config: {
        rateLimit: {
          max: app.config.loginRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `two-factor:${tickets.read((request.body as { ticket: string }).ticket)?.id ?? request.ip}`,
        },
      },
    },
  );

  route(
    app,
    endpoints.register,
    async (request) => {
      const user = await createUser(app.db, request.body);
      if (request.body.consents) {
        const version = privacyVersion(await app.settings.current());
        await recordConsents(app.db, { user: user.id }, request.body.consents, { ip: request.ip, version }, { asked: true });
      }
      return { message: MESSAGES.registered };
    },
    { config: { rateLimit: { max: app.config.registerRateLimit, timeWindow: '1 minute' } } },
  );

  // The same answer whether or not the email has an account, given before the account is looked up (requestPasswordReset).
  const resetLimit = { config: { rateLimit: { max: app.config.passwordResetRateLimit, timeWindow: '1 minute' } } };
  route(
    app,
    endpoints.forgotPassword,
    async (request) => {
      await requestPasswordReset(app.shop, request.body.email, requestLanguage(request));
      return { message: MESSAGES.resetLinkSent };
    },
    resetLimit,
  );

  route(
    app,
    endpoints.resetPassword,
    async (request) => {
      await resetPassword(app.db, request.body.token, request.body.password);
      return { message: MESSAGES.passwordReset };
    },
    resetLimit,
  );
};

export default authRoutes;
