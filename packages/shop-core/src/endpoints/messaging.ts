// Confirming cash orders by WhatsApp (PRODUCT section 9): the webhook Meta's WhatsApp Cloud API calls. Both answer 404
// while the server has no WhatsApp settings.
import { z } from 'zod';
import { routes } from '../routes.ts';
import { WebhookAnswerSchema, endpoint } from './endpoint.ts';

const HubText = z.string().max(500).optional();

export const messagingEndpoints = {
  whatsappVerify: endpoint(routes.whatsappVerify, {
    summary:
      "Meta's subscription check of the WhatsApp webhook: answers `hub.challenge` as plain text when `hub.mode` is `subscribe` and `hub.verify_token` is the server's WHATSAPP_VERIFY_TOKEN, 403 otherwise",
    query: z.object({ 'hub.mode': HubText, 'hub.verify_token': HubText, 'hub.challenge': HubText }),
    status: 200,
    answer: z.string().meta({ description: 'text/plain: the challenge, as sent' }),
    errors: [403, 404],
  }),
  whatsappWebhook: endpoint(routes.whatsappWebhook, {
    summary:
      "WhatsApp Cloud API's notifications, signed in `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the app's secret; 401 without it or when wrong): each message once; a quick-reply button (`confirm:{order}` or `cancel:{order}`) answers a pending cash order only when it comes from that order's phone; anything else (statuses, other messages) is taken and changes nothing",
    consumes: ['application/json'],
    status: 200,
    answer: WebhookAnswerSchema,
    errors: [401, 404],
  }),
};
