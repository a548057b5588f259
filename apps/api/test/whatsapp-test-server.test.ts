// The WhatsApp Cloud API's stand-in (scripts/whatsapp-test-server.mjs) refuses what Meta refuses, in Meta's error
// shape, so the shop's client is tested against the wire and not against a stand-in that takes anything; and its
// browser-test controls (GET /test/sent, POST /test/press) press a button at the shop's webhook, signed.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook, startWhatsAppTestServer, type WhatsAppTestServer } from '../../../scripts/whatsapp-test-server.mjs';

let stand: WhatsAppTestServer;
let shop: http.Server;
const heard: { signature: string; body: string }[] = [];

beforeAll(async () => {
  shop = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      heard.push({ signature: String(request.headers['x-hub-signature-256']), body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  stand = await startWhatsAppTestServer({ webhookUrl: `http://127.0.0.1:${(shop.address() as { port: number }).port}/api/whatsapp/webhook` });
});
afterAll(async () => {
  await stand?.close();
  await new Promise((resolve) => shop?.close(resolve));
});

const template = (overrides: Record<string, unknown> = {}, components?: unknown[]) => ({
  messaging_product: 'whatsapp',
  to: '201012345678',
  type: 'template',
  template: {
    name: 'order_confirmation',
    language: { code: 'ar' },
    components: components ?? [
      { type: 'body', parameters: [{ type: 'text', text: '#١٠٠١' }, { type: 'text', text: '١٬٢٩٩ ج.م.' }] },
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'confirm:order-1' }] },
      { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'cancel:order-1' }] },
    ],
  },
  ...overrides,
});

async function send(body: unknown, { token = stand.token, phoneNumberId = stand.phoneNumberId } = {}) {
  const response = await fetch(`${stand.url}/v21.0/${phoneNumberId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { messages?: { id: string }[]; error?: { code: number; error_subcode?: number; type: string; message: string; fbtrace_id: string } } };
}

describe('the WhatsApp stand-in', () => {
  it('takes a template message as documented, and answers its wamid', async () => {
    const sent = await send(template());
    expect(sent.status).toBe(200);
    expect(sent.body.messages![0]!.id).toMatch(/^wamid\./);
    expect(stand.sent.at(-1)).toMatchObject({ to: '201012345678', lang: 'ar', parameters: ['#١٠٠١', '١٬٢٩٩ ج.م.'], payloads: ['confirm:order-1', 'cancel:order-1'] });
  });

  it.each([
    ['a wrong token', template(), { token: 'wrong' }, 401, 190],
    ['another phone number id', template(), { phoneNumberId: '1' }, 400, 100],
    ['a template it does not know', template({ template: { ...template().template, name: 'other_template' } }), {}, 404, 132001],
    ['a language the template has not', template({ template: { ...template().template, language: { code: 'fr' } } }), {}, 404, 132001],
    ['one body parameter', template({}, [{ type: 'body', parameters: [{ type: 'text', text: '#1' }] }]), {}, 400, 132000],
    ['no buttons', template({}, [{ type: 'body', parameters: [{ type: 'text', text: '#1' }, { type: 'text', text: 'EGP 1' }] }]), {}, 400, 131008],
    ['a text message', { messaging_product: 'whatsapp', to: '201012345678', type: 'text', text: { body: 'hi' } }, {}, 400, 131047],
    ['a phone without its country code', template({ to: '+20 10 1234 5678' }), {}, 400, 100],
  ] as const)('refuses %s as Meta does', async (_what, body, options, status, code) => {
    const before = stand.sent.length;
    const refused = await send(body, options);
    expect(refused.status).toBe(status);
    expect(refused.body.error).toMatchObject({ code, type: expect.any(String), message: expect.any(String), fbtrace_id: expect.any(String) });
    expect(stand.sent).toHaveLength(before);
  });

  it('fails on purpose: 500, a refusal, a hang, down', async () => {
    stand.failNext(1, 'error');
    expect((await send(template())).status).toBe(500);
    stand.failNext(1, 'refuse');
    expect((await send(template())).body.error).toMatchObject({ code: 131026 });
    stand.failNext(1, 'timeout');
    await expect(fetch(`${stand.url}/v21.0/${stand.phoneNumberId}/messages`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(300) })).rejects.toThrow();
    stand.down = true;
    await expect(send(template())).rejects.toThrow();
    stand.down = false;
    expect((await send(template())).status).toBe(200);
  });

  it('presses a button at the shop\'s webhook, signed with the app\'s secret over the raw body', async () => {
    const sent = (await (await fetch(`${stand.url}/test/sent`)).json()) as { payloads: string[] }[];
    expect(sent.at(-1)).toMatchObject({ payloads: ['confirm:order-1', 'cancel:order-1'] });
    const pressed = await fetch(`${stand.url}/test/press`, { method: 'POST', body: JSON.stringify({ orderId: 'order-1', answer: 'cancel' }) });
    expect(pressed.status).toBe(200);
    expect(await pressed.json()).toEqual({ status: 200, body: '{"received":true}' });
    const [notification] = heard.slice(-1);
    expect(notification!.signature).toBe(signWebhook(stand.appSecret, notification!.body));
    const message = JSON.parse(notification!.body).entry[0].changes[0].value.messages[0];
    expect(message).toMatchObject({ from: '201012345678', type: 'button', button: { payload: 'cancel:order-1' } });
    expect((await fetch(`${stand.url}/test/press`, { method: 'POST', body: JSON.stringify({ orderId: 'no-such-order', answer: 'confirm' }) })).status).toBe(404);
  });
});
