import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@shop/core/messages';
import {
  IdSchema, PageQuerySchema, ProfileUpdateBodySchema, UserSchema, UserWithWishlistSchema, WishlistToggleBodySchema,
} from '@shop/core/schemas';
import { accountOf, assertNamesSelfOrAdmin, assertOwnerOrAdmin } from '../../plugins/auth.ts';
import { forbidden } from '../../lib/errors.ts';
import { pageOf, sendTotal } from '../../lib/pagination.ts';
import { toUser } from '../../lib/wire.ts';
import { findUser, listUsers, toggleWishlist, updateProfile, userWithWishlist } from './repository.ts';

const WithMessage = <T extends z.ZodObject>(schema: T) => schema.extend({ message: z.string() });

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { onRequest: app.requireAdmin, schema: { security: [{ bearer: [] }], querystring: PageQuerySchema, response: { 200: z.array(UserSchema) } } },
    async (request, reply) => {
      const { users, total } = await listUsers(app.db, pageOf(request.query));
      sendTotal(reply, total);
      return users;
    },
  );

  // Takes a user id or a username (SPEC's client sends the username); only that user or an admin.
  app.get(
    '/profile/:x',
    { onRequest: app.authenticate, schema: { security: [{ bearer: [] }], params: z.object({ x: IdSchema }), response: { 200: UserWithWishlistSchema } } },
    async (request) => {
      assertNamesSelfOrAdmin(request, request.params.x);
      const user = await findUser(app.db, request.params.x);
      assertOwnerOrAdmin(request, user.id);
      return userWithWishlist(app.db, user);
    },
  );

  app.get(
    '/profile/wishlist/:userId',
    { onRequest: app.authenticate, schema: { security: [{ bearer: [] }], params: z.object({ userId: IdSchema }), response: { 200: UserWithWishlistSchema } } },
    async (request) => {
      assertNamesSelfOrAdmin(request, request.params.userId);
      const user = await findUser(app.db, request.params.userId);
      assertOwnerOrAdmin(request, user.id);
      return userWithWishlist(app.db, user);
    },
  );

  app.put(
    '/wishlist',
    {
      onRequest: app.authenticate,
      schema: { security: [{ bearer: [] }], body: WishlistToggleBodySchema, response: { 200: WithMessage(UserWithWishlistSchema) } },
    },
    async (request) => {
      const account = accountOf(request);
      const outcome = await toggleWishlist(app.db, account.id, request.body.productId);
      const message = outcome === 'added' ? 'Product has been added to your wishlist' : 'Product has been removed from your wishlist';
      return { ...(await userWithWishlist(app.db, account)), message };
    },
  );

  // Only the user themself; isAdmin and any other field in the body are stripped by the schema.
  app.put(
    '/profile/update/:id',
    {
      onRequest: app.authenticate,
      schema: { security: [{ bearer: [] }], params: z.object({ id: IdSchema }), body: ProfileUpdateBodySchema, response: { 200: WithMessage(UserSchema) } },
    },
    async (request) => {
      const account = accountOf(request);
      const target = await findUser(app.db, request.params.id);
      if (target.id !== account.id) throw forbidden(MESSAGES.notYours);
      const user = await updateProfile(app.db, account.id, request.body);
      return { ...toUser(user), message: MESSAGES.profileUpdated };
    },
  );
};

export default userRoutes;
