// `app.messaging`: the channel that asks shoppers to confirm their cash orders, behind the messaging port
// (modules/messaging/port.ts): WhatsApp's Cloud API when its settings are all given (config.ts), else none.
import fp from 'fastify-plugin';
import { whatsappChannel } from '../../modules/messaging/adapters/whatsapp.ts';
import type { MessagingChannel } from '../../modules/messaging/port.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messaging: MessagingChannel | null;
  }
}

export default fp(
  async (app) => {
    const settings = app.config.whatsapp;
    app.decorate<MessagingChannel | null>('messaging', settings ? whatsappChannel(settings) : null);
  },
  { name: 'messaging' },
);
