import argon2 from 'argon2';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@shop/core/messages';
import { LoginAnswerSchema, LoginBodySchema, MessageSchema, RegisterBodySchema } from '@shop/core/schemas';
import { badRequest } from '../../lib/errors.ts';
import { toUser } from '../../lib/wire.ts';
import { createUser, findUserByEmail } from '../users/repository.ts';

// Verifying against this hash when the email is unknown keeps both failures equally slow.
const decoyHash = argon2.hash('decoy password that never matches', { type: argon2.argon2id });

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
      schema: { body: LoginBodySchema, response: { 200: LoginAnswerSchema } },
    },
    async (request) => {
      const { email, password } = request.body;
      const user = await findUserByEmail(app.db, email);
      const valid = await argon2.verify(user?.passwordHash ?? (await decoyHash), password).catch(() => false);
      if (!user || !valid) throw badRequest(MESSAGES.invalidCredentials);
      return { ...toUser(user), token: app.signToken(user) };
    },
  );

  app.post(
    '/register',
    {
      config: { rateLimit: { max: app.config.registerRateLimit, timeWindow: '1 minute' } },
      schema: { body: RegisterBodySchema, response: { 201: MessageSchema } },
    },
    async (request, reply) => {
      await createUser(app.db, request.body);
      return reply.status(201).send({ message: MESSAGES.registered });
    },
  );
};

export default authRoutes;
