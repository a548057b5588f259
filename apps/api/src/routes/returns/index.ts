import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { GuestOrderTokenSchema } from '@shop/core/contract/orders';
import { pageOf, sendTotal } from '../../lib/pagination.ts';
import { route } from '../../lib/route.ts';
import { notFound } from '../../modules/errors.ts';
import { decideReturn, listReturns, recordCashRefund, requestReturn, returnsOfOrder, type Asker } from '../../modules/returns/returns.ts';
import { accountOf, isStaff } from '../../plugins/app/auth.ts';

// Returns and exchanges (PRODUCT section 9, decision 065): the order's customer (her bearer token) or its guest (the
// order's token in X-Order-Token, as guest order reads) asks and reads; the shop's staff decide and record cash refunds.
const returnRoutes: FastifyPluginAsync = async (app) => {
  /** Who asks: a bearer token is checked as on any signed-in call; without one, the guest's order token. */
  const askerOf = async (request: FastifyRequest, reply: FastifyReply, staffReads: boolean): Promise<Asker> => {
    if (request.headers.authorization) {
      await app.authenticate(request, reply);
      const account = accountOf(request);
      return staffReads && isStaff(account) ? { staff: true } : { userId: account.id };
    }
    const token = GuestOrderTokenSchema.safeParse(request.headers['x-order-token']);
    if (!token.success) throw notFound(MESSAGES.orderNotFound);
    return { guestToken: token.data };
  };
  // guessing a guest's token is limited per address, as guest order reads are
  const guestRead = { config: { rateLimit: { max: app.config.guestRateLimit * 20, timeWindow: '1 minute' } } };

  route(app, endpoints.requestReturn, async (request, reply) => {
    const asker = await askerOf(request as unknown as FastifyRequest, reply, false);
    const answer = await requestReturn(app.shop, request.params.id, asker, request.body);
    reply.header('Cache-Control', 'no-store');
    return { ...answer, message: MESSAGES.returnRequested };
  }, guestRead);

  route(app, endpoints.orderReturns, async (request, reply) => {
    const asker = await askerOf(request as unknown as FastifyRequest, reply, true);
    reply.header('Cache-Control', 'no-store');
    return returnsOfOrder(app.db, request.params.id, asker);
  }, guestRead);

  route(app, endpoints.listReturns, async (request, reply) => {
    const { returns, total } = await listReturns(app.db, pageOf(request.query), request.query.status);
    sendTotal(reply, total);
    return returns;
  });

  route(app, endpoints.decideReturn, async (request) => {
    const { answer, message } = await decideReturn(app.shop, request.params.id, request.body, accountOf(request));
    return { ...answer, message };
  });

  route(app, endpoints.recordReturnRefund, async (request) => {
    const answer = await recordCashRefund(app.shop, request.params.id, request.body, accountOf(request));
    return { ...answer, message: MESSAGES.refundRecorded };
  });
};

export default returnRoutes;
