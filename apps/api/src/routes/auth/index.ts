import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { requestLanguage } from '../../lib/language.ts';
import { route } from '../../lib/route.ts';
import { requestPasswordReset, resetPassword } from '../../modules/accounts/passwords.ts';
import { createUser, userByCredentials } from '../../modules/accounts/users.ts';
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
      return { ...toUser(user), token: app.signToken(user) };
    },
    { config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } } },
  );

  route(
    app,
    endpoints.register,
    async (request) => {
      await createUser(app.db, request.body);
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
