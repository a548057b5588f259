// WhatsApp Cloud API (PRODUCT section 9, decision 063): the messaging port's adapter. Its documented wire, on Meta's
// Graph API (META_GRAPH_URL, the Conversions API's too):
// - send: POST {graph}/{version}/{phone number id}/messages, `Authorization: Bearer {token}`, a `template` message (the
//   brand's approved template in the order's language, the order's number and total as its body's parameters, its two
//   quick-reply buttons given the payloads `confirm:{order}` and `cancel:{order}`) → { messages: [{ id: "wamid.…" }] };
//   a refusal is { error: { message, type, code, error_subcode, fbtrace_id } }.
// - webhook: GET with hub.mode=subscribe, hub.verify_token and hub.challenge (answered with the challenge); POST of
//   { object: "whatsapp_business_account", entry: [{ changes: [{ field: "messages", value: { metadata, messages,
//   statuses } }] }] }, signed in `X-Hub-Signature-256: sha256={HMAC-SHA256 of the raw body with the app's secret}`.
//   A template's quick-reply button comes back as a message of type `button` ({ button: { payload, text } }); an
//   interactive message's reply button as `interactive` ({ interactive: { type: "button_reply", button_reply: { id } } }).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatEgp } from '@shop/core/money';
import { formatOrderNumber } from '@shop/core/order-number';
import type { WhatsAppSettings } from '../../../config.ts';
import { GRAPH_VERSION, normalisedPhone } from '../../reach/meta.ts';
import { MessageNotSent, type ConfirmationRequest, type MessagingChannel, type MessagingWebhookOutcome, type ShopperAnswer } from '../port.ts';

/** A send that takes longer is a failed try: the queue tries again later. */
const TIMEOUT_MS = 10_000;

const ANSWER = /^(confirm|cancel):([0-9a-f-]{36})$/i;

/** The template message that asks a shopper to confirm her order, as the Cloud API takes it. */
export function confirmationMessage(template: string, request: ConfirmationRequest) {
  const text = (value: string) => ({ type: 'text', text: value });
  const button = (index: number, payload: string) => ({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload }] });
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    // Egypt's 01xxxxxxxxx is 201xxxxxxxxx to the world (the Cloud API wants the country code, no +)
    to: normalisedPhone(request.phoneNumber),
    type: 'template',
    template: {
      name: template,
      language: { code: request.lang },
      components: [
        { type: 'body', parameters: [text(formatOrderNumber(request.number, request.lang)), text(formatEgp(request.totalPiastres / 100, request.lang))] },
        button(0, `confirm:${request.orderId}`),
        button(1, `cancel:${request.orderId}`),
      ],
    },
  };
}

interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
}

/** Meta's refusal in one line: its message, code and subcode, and the trace id its support asks for. */
function refusalOf(status: number, error: GraphError | undefined): string {
  if (!error) return `WhatsApp refused the message: status ${status}`;
  const code = `code ${error.code ?? '?'}${error.error_subcode ? `/${error.error_subcode}` : ''}`;
  return `WhatsApp refused the message: ${error.message ?? 'an error'} (${error.type ?? 'error'} ${code}${error.fbtrace_id ? `, fbtrace_id ${error.fbtrace_id}` : ''})`;
}

/** The signature Meta puts on a notification: `sha256=` and the HMAC-SHA256 of its raw body with the app's secret. */
export function signatureOf(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

function signedBy(appSecret: string, rawBody: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signatureOf(appSecret, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type Message = { id?: unknown; from?: unknown; timestamp?: unknown; type?: unknown; button?: { payload?: unknown }; interactive?: { type?: unknown; button_reply?: { id?: unknown } } };
type Change = { field?: unknown; value?: { metadata?: { phone_number_id?: unknown }; messages?: unknown } };

/** A button's payload, from a template's quick reply or an interactive message's reply button. */
function payloadOf(message: Message): string | null {
  if (message.type === 'button' && typeof message.button?.payload === 'string') return message.button.payload;
  if (message.type === 'interactive' && message.interactive?.type === 'button_reply' && typeof message.interactive.button_reply?.id === 'string') return message.interactive.button_reply.id;
  return null;
}

/** The messages a notification carries to this phone number: the answers among them, and the ids of the others. */
function messagesOf(body: unknown, phoneNumberId: string): { answers: ShopperAnswer[]; otherMessageIds: string[] } {
  const answers: ShopperAnswer[] = [];
  const otherMessageIds: string[] = [];
  const entries = (body as { entry?: unknown } | null)?.entry;
  for (const entry of Array.isArray(entries) ? entries : []) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    for (const change of (Array.isArray(changes) ? changes : []) as Change[]) {
      if (change?.field !== 'messages' || String(change.value?.metadata?.phone_number_id ?? '') !== phoneNumberId) continue;
      const messages = change.value?.messages;
      for (const message of (Array.isArray(messages) ? messages : []) as Message[]) {
        if (typeof message?.id !== 'string' || message.id.length > 500) continue;
        const payload = payloadOf(message);
        const match = payload ? ANSWER.exec(payload) : null;
        if (!match || typeof message.from !== 'string') {
          otherMessageIds.push(message.id);
          continue;
        }
        const seconds = Number(message.timestamp);
        answers.push({
          messageId: message.id,
          answer: match[1]!.toLowerCase() as 'confirm' | 'cancel',
          orderId: match[2]!.toLowerCase(),
          fromPhone: message.from.replace(/\D/g, ''),
          at: new Date(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Date.now()).toISOString(),
        });
      }
    }
  }
  return { answers, otherMessageIds };
}

export function whatsappChannel(settings: WhatsAppSettings & { timeoutMs?: number }): MessagingChannel {
  return {
    channel: 'whatsapp',

    async requestConfirmation(request) {
      const url = `${settings.graphUrl}/${GRAPH_VERSION}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(confirmationMessage(settings.template, request)),
          signal: AbortSignal.timeout(settings.timeoutMs ?? TIMEOUT_MS),
        });
      } catch (error) {
        throw new MessageNotSent(`WhatsApp could not be reached: ${(error as Error).message}`, 0);
      }
      const answer = (await response.json().catch(() => null)) as { messages?: { id?: unknown }[]; error?: GraphError } | null;
      const messageId = answer?.messages?.[0]?.id;
      if (!response.ok || typeof messageId !== 'string') throw new MessageNotSent(refusalOf(response.status, answer?.error), response.status);
      return { messageId };
    },

    verifySubscription(query) {
      const token = query['hub.verify_token'];
      const challenge = query['hub.challenge'];
      if (query['hub.mode'] !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return null;
      const expected = Buffer.from(settings.verifyToken);
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected) ? challenge : null;
    },

    webhook({ rawBody, headers }): MessagingWebhookOutcome {
      if (!rawBody || !signedBy(settings.appSecret, rawBody, headers['x-hub-signature-256'])) return { kind: 'refused', message: 'The signature is missing or wrong' };
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { kind: 'heard', answers: [], otherMessageIds: [] };
      }
      return { kind: 'heard', ...messagesOf(body, settings.phoneNumberId) };
    },
  };
}
