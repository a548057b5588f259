import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { requestLanguage } from '../../lib/language.ts';
import { pageOf, sendTotal } from '../../lib/pagination.ts';
import { route } from '../../lib/route.ts';
import { changePassword } from '../../modules/accounts/passwords.ts';
import { findUser, listUsers, setRole, updateProfile } from '../../modules/accounts/users.ts';
import { toggleWishlist, userWithWishlist } from '../../modules/accounts/wishlist.ts';
import { forbidden } from '../../modules/errors.ts';
import { toUser } from '../../modules/wire.ts';
import { accountOf, assertNamesSelfOrAdmin, assertOwnerOrAdmin } from '../../plugins/app/auth.ts';

const userRoutes: FastifyPluginAsync = async (app) => {

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
};

export default userRoutes;
