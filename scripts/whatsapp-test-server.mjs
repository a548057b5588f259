// A local stand-in for WhatsApp's Cloud API (Meta's Graph API), as much of it as the shop speaks (PRODUCT section 9,
// "Confirming cash orders"; decision 063): POST /{version}/{phone number id}/messages with a bearer token and a
// template message → { messaging_product, contacts, messages: [{ id: "wamid.…" }] }, refusing what Meta refuses with
// its error shape { error: { message, type, code, error_subcode, fbtrace_id } } (a wrong token: OAuthException 190; an
// unknown phone number id: 100/33; a template it does not know, or in a language it has not: 132001; parameters or
// buttons not as the template has them: 132000/131008). It can fail on purpose (500, a refusal, a hang, or down: the
// connection cut) and it posts the webhook's notifications to the shop, signed as Meta signs them
// (X-Hub-Signature-256: sha256=HMAC-SHA256 of the raw body with the app's secret): a quick-reply button pressed, a
// delivery status. Tests cannot reach Meta, so the API tests import startWhatsAppTestServer() and the browser tests
// start this file as a process, reading what was sent at GET /test/sent and pressing a button with POST /test/press
// { orderId, answer: "confirm" | "cancel", from? } (posted, signed, to the shop's webhook):
//   node scripts/whatsapp-test-server.mjs --port 4391 [--webhook http://127.0.0.1:3000/api/whatsapp/webhook]
// Node built-ins only, so it runs before (and without) any install.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

/** What the stand-in accepts when neither the caller nor the environment gives other values. */
export const WHATSAPP_TEST_DEFAULTS = Object.freeze({
  token: 'whatsapp_token_test_local',
  phoneNumberId: '109876543210987',
  appSecret: 'whatsapp_app_secret_test_local',
  verifyToken: 'whatsapp_verify_token_test_local',
  template: 'order_confirmation',
});

/** The template's languages, as the brand would have them approved: two body parameters and two quick replies each. */
const LANGUAGES = ['en', 'ar'];
const BODY_PARAMETERS = 2;
const QUICK_REPLIES = 2;
const WABA_ID = '102290129340398';
const DISPLAY_PHONE = '15550783881';

const trace = () => randomBytes(8).toString('base64url');
const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

/** Meta's error, as its Graph API answers it. */
const graphError = (message, type, code, subcode) => ({ error: { message, type, code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: trace() } });

/** The signature Meta puts on a notification. */
export function signWebhook(appSecret, rawBody) {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * Why Meta would refuse this message, as [status, error body], or null.
 * @param {Record<string, any>} body
 * @param {string[]} templates
 */
function problemOf(body, templates) {
  if (body?.messaging_product !== 'whatsapp') return [400, graphError('(#100) The parameter messaging_product is required.', 'OAuthException', 100)];
  if (typeof body.to !== 'string' || !/^\d{8,15}$/.test(body.to)) return [400, graphError('(#100) Invalid parameter to', 'OAuthException', 100)];
  if (body.type !== 'template') return [400, graphError('(#131047) Re-engagement message: only a template may open a conversation', 'OAuthException', 131047)];
  const template = body.template;
  if (!template || !templates.includes(template.name) || !LANGUAGES.includes(template.language?.code)) {
    return [404, graphError(`(#132001) Template name does not exist in the translation: template name (${template?.name}) does not exist in ${template?.language?.code}`, 'OAuthException', 132001, 2494073)];
  }
  const components = Array.isArray(template.components) ? template.components : [];
  const bodyPart = components.find((part) => part?.type === 'body');
  const parameters = Array.isArray(bodyPart?.parameters) ? bodyPart.parameters : [];
  if (parameters.length !== BODY_PARAMETERS || parameters.some((parameter) => parameter?.type !== 'text' || typeof parameter.text !== 'string' || parameter.text.trim() === '')) {
    return [400, graphError(`(#132000) Number of parameters does not match the expected number of params: body: number of localizable_params (${parameters.length}) does not match the expected number of params (${BODY_PARAMETERS})`, 'OAuthException', 132000, 2494073)];
  }
  const buttons = components.filter((part) => part?.type === 'button');
  const wellFormed = (button, index) =>
    button.sub_type === 'quick_reply' &&
    String(button.index) === String(index) &&
    Array.isArray(button.parameters) &&
    button.parameters.length === 1 &&
    button.parameters[0]?.type === 'payload' &&
    typeof button.parameters[0].payload === 'string' &&
    button.parameters[0].payload.length > 0 &&
    button.parameters[0].payload.length <= 256;
  if (buttons.length !== QUICK_REPLIES || !buttons.every(wellFormed)) {
    return [400, graphError('(#131008) Required parameter is missing: buttons: the template has two quick replies, each with its payload', 'OAuthException', 131008)];
  }
  return null;
}

/**
 * Starts the stand-in. `sent` holds every message accepted (newest last); `failNext(n, mode)` makes the next n sends
 * fail: 'error' answers 500, 'refuse' answers Meta's refusal (400, code 131026 by default, or `error`), 'timeout'
 * never answers; `down` cuts every connection until it is false again.
 * @param {{ token?: string, phoneNumberId?: string, appSecret?: string, templates?: string[], port?: number, host?: string, webhookUrl?: string }} [options]
 */
export async function startWhatsAppTestServer(options = {}) {
  const token = options.token ?? process.env.WHATSAPP_TOKEN ?? WHATSAPP_TEST_DEFAULTS.token;
  const phoneNumberId = options.phoneNumberId ?? process.env.WHATSAPP_PHONE_NUMBER_ID ?? WHATSAPP_TEST_DEFAULTS.phoneNumberId;
  const appSecret = options.appSecret ?? process.env.WHATSAPP_APP_SECRET ?? WHATSAPP_TEST_DEFAULTS.appSecret;
  const templates = options.templates ?? [process.env.WHATSAPP_TEMPLATE ?? WHATSAPP_TEST_DEFAULTS.template];
  /** @type {any[]} */
  const sent = [];
  /** @type {{ mode: string, error?: Record<string, any> }[]} */
  const failures = [];
  let calls = 0;
  let cut = 0;
  let down = false;
  let webhookUrl = options.webhookUrl ?? null;

  const server = http.createServer((request, response) => {
    if (down) {
      cut++;
      return request.socket.destroy();
    }
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const answer = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    // the browser tests' controls, for the stand-in started from the command line: what was sent, and a button pressed
    if (request.method === 'GET' && url.pathname === '/test/sent') return answer(200, sent.map(({ body: _body, ...message }) => message));
    if (request.method === 'POST' && url.pathname === '/test/press') return void pressFromRequest(request, answer);
    const messages = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(url.pathname);
    if (request.method !== 'POST' || !messages) return answer(400, graphError('Unknown path components', 'OAuthException', 2500));
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      calls++;
      const failure = failures.shift();
      if (failure?.mode === 'timeout') return; // no answer; close() cuts the socket
      if (failure?.mode === 'error') return answer(500, { error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1, is_transient: true, fbtrace_id: trace() } });
      if (failure?.mode === 'refuse') return answer(400, failure.error ?? graphError('(#131026) Message undeliverable', 'OAuthException', 131026));
      if (request.headers.authorization !== `Bearer ${token}`) return answer(401, graphError('Invalid OAuth access token - Cannot parse access token', 'OAuthException', 190, 2494010));
      if (decodeURIComponent(messages[1]) !== phoneNumberId) {
        return answer(400, graphError(`Unsupported post request. Object with ID '${messages[1]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 'GraphMethodException', 100, 33));
      }
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(400, graphError('(#100) Invalid JSON', 'OAuthException', 100));
      }
      const problem = problemOf(body, templates);
      if (problem) return answer(problem[0], problem[1]);
      const components = body.template.components;
      const message = {
        id: wamid(),
        to: body.to,
        template: body.template.name,
        lang: body.template.language.code,
        parameters: components.find((part) => part.type === 'body').parameters.map((parameter) => parameter.text),
        payloads: components.filter((part) => part.type === 'button').map((button) => button.parameters[0].payload),
        at: new Date().toISOString(),
        body,
      };
      sent.push(message);
      return answer(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: message.id, message_status: 'accepted' }] });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise((resolve) => server.listen(options.port ?? 0, host, () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());

  /** A notification as Meta sends it, with the value given (messages or statuses). */
  const notification = (value) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: WABA_ID, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: DISPLAY_PHONE, phone_number_id: phoneNumberId }, ...value } }] }],
  });
  const signed = (body, secret = appSecret) => {
    const raw = JSON.stringify(body);
    return { body: raw, signature: signWebhook(secret, raw) };
  };

  /**
   * POST /test/press { orderId, answer: confirm|cancel, from? }: the shopper presses a button of the last message sent
   * for that order; the signed notification goes to the shop's webhook, and its answer comes back.
   */
  async function pressFromRequest(request, answer) {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    let asked;
    try {
      asked = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(400, { message: 'A JSON body { orderId, answer } is needed' });
    }
    const choice = asked?.answer === 'cancel' ? 'cancel' : 'confirm';
    const message = sent.findLast((one) => one.payloads.includes(`${choice}:${asked?.orderId}`));
    if (!message) return answer(404, { message: `No message was sent for the order ${asked?.orderId}` });
    try {
      const shop = await handle.post(handle.buttonPress(message, choice, typeof asked.from === 'string' ? { from: asked.from } : {}));
      return answer(200, shop);
    } catch (error) {
      return answer(502, { message: `The shop's webhook could not be reached: ${error.message}` });
    }
  }

  const handle = {
    url: `http://${host}:${address.port}`,
    token,
    phoneNumberId,
    appSecret,
    sent,
    get calls() {
      return calls;
    },
    get cut() {
      return cut;
    },
    get down() {
      return down;
    },
    set down(value) {
      down = value;
      if (value) server.closeAllConnections();
    },
    get webhookUrl() {
      return webhookUrl;
    },
    set webhookUrl(value) {
      webhookUrl = value;
    },
    failNext(count = 1, mode = 'error', error) {
      for (let i = 0; i < count; i++) failures.push({ mode, ...(error ? { error } : {}) });
    },

    /**
     * The notification of a quick-reply button pressed on a message sent (the last one to that payload's order when
     * given a payload), signed: `from` is the phone it came from (the message's own by default).
     */
    buttonPress(message, answer, { from, id, secret } = {}) {
      const payload = message.payloads[answer === 'confirm' ? 0 : 1];
      const sender = from ?? message.to;
      return signed(
        notification({
          contacts: [{ profile: { name: 'Shopper' }, wa_id: sender }],
          messages: [{
            context: { from: DISPLAY_PHONE, id: message.id },
            from: sender,
            id: id ?? wamid(),
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'button',
            button: { payload, text: answer === 'confirm' ? 'Confirm' : 'Cancel' },
          }],
        }),
        secret,
      );
    },

    /** A delivery status of a message sent (sent, delivered, read, failed), signed. */
    status(message, status = 'delivered') {
      return signed(notification({ statuses: [{ id: message.id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: message.to }] }));
    },

    /** A text message from a shopper, signed. */
    text(from, text = 'Hello') {
      return signed(notification({ contacts: [{ profile: { name: 'Shopper' }, wa_id: from }], messages: [{ from, id: wamid(), timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }] }));
    },

    /** Posts a signed notification to the shop's webhook, as Meta does; answers its status and body. */
    async post(signedNotification, to = webhookUrl) {
      if (!to) throw new Error('the stand-in was given no webhook address');
      const response = await fetch(to, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signedNotification.signature },
        body: signedNotification.body,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: await response.text() };
    },

    /** Stops listening and cuts every open connection (those left hanging by a 'timeout' too). */
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
  return handle;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const portAt = process.argv.indexOf('--port');
  const webhookAt = process.argv.indexOf('--webhook');
  const port = portAt > 0 ? Number(process.argv[portAt + 1]) : 4391;
  const stand = await startWhatsAppTestServer({ port, ...(webhookAt > 0 ? { webhookUrl: process.argv[webhookAt + 1] } : {}) });
  console.log(`WhatsApp Cloud API stand-in on ${stand.url}`);
}
