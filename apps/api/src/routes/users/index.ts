import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { shopNameIn } from '@shop/core/brand';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { requestLanguage } from '../../lib/language.ts';
import { pageOf, sendTotal } from '../../lib/pagination.ts';
import { route } from '../../lib/route.ts';
import { consentHistory, consentsOf, privacyVersion, recordConsents } from '../../modules/accounts/consents.ts';
import { changePassword } from '../../modules/accounts/passwords.ts';
import { disableTwoFactor, enableTwoFactor, resetTwoFactor, startTwoFactor } from '../../modules/accounts/two-factor.ts';
import { ErasureLog } from '../../modules/privacy/erasure-log.ts';
import { deleteAccount } from '../../modules/privacy/erasure.ts';
import { accountExport } from '../../modules/privacy/export.ts';
import { findUser, listUsers, setRole, updateProfile } from '../../modules/accounts/users.ts';
import { toggleWishlist, userWithWishlist } from '../../modules/accounts/wishlist.ts';
import { forbidden } from '../../modules/errors.ts';
import { toUser } from '../../modules/wire.ts';
import { accountOf, assertNamesSelfOrAdmin, assertOwnerOrAdmin } from '../../plugins/app/auth.ts';

const userRoutes: FastifyPluginAsync = async (app) => {
  const erasure = { db: app.db, erasureLog: ErasureLog.in(app.config.backups.dir) };
  // guesses of the password (or of a second step's code) on a signed-in session: limited per account like logins
  const perAccount = (name: string) => ({
    config: {
      rateLimit: {
        max: app.config.loginRateLimit,
        timeWindow: '1 minute',
        hook: 'preHandler' as const,
        keyGenerator: (request: FastifyRequest) => `${name}:${request.account?.id ?? request.ip}`,
      },
    },
  });

  route(app, endpoints.listUsers, async (request, reply) => {
    const { users, total } = await listUsers(app.db, pageOf(request.query));
    sendTotal(reply, total);
    return users;
  });

  // An admin's alone (the contract's access); the last admin cannot be demoted (409).
  route(app, endpoints.setRole, async (request) => {
    const { after } = await setRole(app.db, request.params.id, request.body.role, accountOf(request));
    return { ...toUser(after), message: MESSAGES.roleChanged };
  });

  // Takes a user id or a username (SPEC's client sends the username); only that user or an admin.
  route(app, endpoints.getProfile, async (request) => {
    assertNamesSelfOrAdmin(request, request.params.x);
    const user = await findUser(app.db, request.params.x);
    assertOwnerOrAdmin(request, user.id);
    return userWithWishlist(app.db, user);
  });

  route(app, endpoints.getWishlist, async (request) => {
    assertNamesSelfOrAdmin(request, request.params.userId);
    const user = await findUser(app.db, request.params.userId);
    assertOwnerOrAdmin(request, user.id);
    return userWithWishlist(app.db, user);
  });

  route(app, endpoints.toggleWishlist, async (request) => {
    const account = accountOf(request);
    const outcome = await toggleWishlist(app.db, account.id, request.body.productId);
    const message = outcome === 'added' ? 'Product has been added to your wishlist' : 'Product has been removed from your wishlist';
    return { ...(await userWithWishlist(app.db, account)), message };
  });

  // Only the user themself; isAdmin and any other field in the body are stripped by the schema. A new email needs the
  // current password, so the guesses are limited per account like logins; the address it leaves is told.
  route(
    app,
    endpoints.updateProfile,
    async (request) => {
      const account = accountOf(request);
      const target = await findUser(app.db, request.params.id);
      if (target.id !== account.id) throw forbidden(MESSAGES.notYours);
      const user = await updateProfile(app.shop, account.id, request.body, requestLanguage(request));
      return { ...toUser(user), message: MESSAGES.profileUpdated };
    },
    {
      config: {
        rateLimit: {
          max: app.config.loginRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `profile:${request.account?.id ?? request.ip}`,
        },
      },
    },
  );

  // Every other session is signed out (their tokens carry the old session version); this one gets a new token.
  // Limited per account like logins, so a borrowed session cannot guess the current password.
  route(
    app,
    endpoints.changePassword,
    async (request) => {
      const account = accountOf(request);
      const sessionVersion = await changePassword(app.db, account.id, request.body.currentPassword, request.body.newPassword);
      return { message: MESSAGES.passwordChanged, token: app.signToken({ id: account.id, sessionVersion }) };
    },
    {
      config: {
        rateLimit: {
          max: app.config.loginRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `password:${request.account?.id ?? request.ip}`,
        },
      },
    },
  );

  // ---- privacy (PRODUCT section 9) ---------------------------------------------------------------

  // One JSON file, written as it is read; the first piece is read before the answer starts, so a database that is
  // away still answers 503. Limited per account: each call reads all her rows.
  route(
    app,
    endpoints.exportAccount,
    async (request, reply) => {
      const account = accountOf(request);
      const pieces = accountExport(app.db, account.id);
      const first = await pieces.next();
      const file = Readable.from(
        (async function* () {
          if (first.done) return;
          yield first.value;
          yield* pieces;
        })(),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
    perAccount('export'),
  );

  route(
    app,
    endpoints.deleteAccount,
    async (request) => {
      await deleteAccount(erasure, accountOf(request).id, request.body.password);
      return { message: MESSAGES.accountDeleted };
    },
    perAccount('erase'),
  );

  const consentsAnswer = async (userId: string, version: string) => ({
    ...(await consentsOf(app.db, userId)),
    version,
    log: await consentHistory(app.db, { user: userId }),
  });

  route(app, endpoints.getConsents, async (request) => consentsAnswer(accountOf(request).id, privacyVersion(await app.settings.current())));

  route(app, endpoints.updateConsents, async (request) => {
    const account = accountOf(request);
    const version = privacyVersion(await app.settings.current());
    await recordConsents(app.db, { user: account.id }, request.body, { ip: request.ip, version });
    return { ...(await consentsAnswer(account.id, version)), message: MESSAGES.consentsSaved };
  });

  route(app, endpoints.startTwoFactor, async (request) => startTwoFactor(app.db, accountOf(request).id, shopNameIn(await app.settings.current(), 'en')));

  // the session that turned it on gets a new token; every other session of the account ends
  route(
    app,
    endpoints.enableTwoFactor,
    async (request) => {
      const account = accountOf(request);
      const { recoveryCodes, sessionVersion } = await enableTwoFactor(app.db, account.id, request.body.code);
      return { recoveryCodes, token: app.signToken({ id: account.id, sessionVersion }), message: MESSAGES.twoFactorOn };
    },
    perAccount('two-factor-on'),
  );

  route(
    app,
    endpoints.disableTwoFactor,
    async (request) => {
      await disableTwoFactor(app.db, accountOf(request).id, request.body.password, request.body.code);
      return { message: MESSAGES.twoFactorOff };
    },
    perAccount('two-factor-off'),
  );

  route(app, endpoints.resetTwoFactor, async (request) => {
    await resetTwoFactor(app.db, request.params.id, accountOf(request));
    return { message: MESSAGES.twoFactorOff };
  });
};

export default userRoutes;
