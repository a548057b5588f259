// WhatsApp Cloud API's webhook (PRODUCT section 9, decision 063): Meta's subscription check, and its notifications,
// signed over their raw bytes (so this scope reads every body as bytes). The channel's adapter checks and reads them
// (modules/messaging/adapters/whatsapp.ts); each message is applied once (modules/messaging/answers.ts). Meta sends
// much besides buttons (delivery statuses, texts): all of it is taken with a 200 at once, or Meta sends it again.
import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { route } from '../../lib/route.ts';
import { forbidden, notFound, unauthenticated } from '../../modules/errors.ts';
import { applyAnswer, noteHeard } from '../../modules/messaging/answers.ts';
import type { MessagingChannel } from '../../modules/messaging/port.ts';

const NOT_CONFIGURED = 'WhatsApp is not configured';

const whatsappRoutes: FastifyPluginAsync = async (app) => {
  const channel = (): MessagingChannel => {
    if (app.messaging?.channel !== 'whatsapp') throw notFound(NOT_CONFIGURED);
    return app.messaging;
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  route(app, endpoints.whatsappVerify, async (request, reply) => {
    const challenge = channel().verifySubscription(request.query);
    if (challenge === null) throw forbidden('The verify token is wrong');
    return reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(challenge);
  });

  route(app, endpoints.whatsappWebhook, async (request) => {
    const outcome = channel().webhook({ rawBody: Buffer.isBuffer(request.body) ? request.body : null, headers: request.headers });
    if (outcome.kind === 'refused') throw unauthenticated(outcome.message);
    let fresh = outcome.answers.length === 0 && outcome.otherMessageIds.length === 0;
    for (const answer of outcome.answers) {
      const applied = await applyAnswer(app.shop, answer);
      if (applied !== 'duplicate') fresh = true;
      request.log.info({ orderId: answer.orderId, answer: answer.answer, applied }, 'WhatsApp button heard');
    }
    for (const id of outcome.otherMessageIds) if (await noteHeard(app.db, id)) fresh = true;
    return { received: true, ...(fresh ? {} : { duplicate: true }) };
  });
};

export default whatsappRoutes;
