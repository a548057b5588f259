import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../src/app.ts';
import {
  buildAppWith, createAdmin, createCartItem, createProduct, createUser, getApp, newOrderBody,
} from './helpers.ts';
import { api, messageOf } from './client.ts';

// The parts of /api/openapi.json these tests read (the document is generated, not part of the contract).
const OpenApiDocument = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
const ObjectSchema = z.object({ properties: z.object({}).loose() });
// an answer of one shape, or of several (login: the signed-in user, or a ticket for the second step)
const AnswerSchema = z.union([ObjectSchema, z.object({ anyOf: z.array(z.object({}).loose()) })]);
const OpenApiOperation = z.object({
  responses: z.record(z.string(), z.object({ content: z.record(z.string(), z.object({ schema: AnswerSchema })) })),
});
/** The property names of every shape an answer may take. */
const propertiesOf = (schema: z.infer<typeof AnswerSchema>): string[] =>
  'properties' in schema ? Object.keys(schema.properties) : schema.anyOf.flatMap((shape) => Object.keys(ObjectSchema.safeParse(shape).data?.properties ?? {}));

describe('health and readiness', () => {
  it('answers /api/health and /api/ready with 200', async () => {
    const health = await api('health');
    expect(health.status).toBe(200);
    expect(health.answer).toEqual({ status: 'ok' });
    const ready = await api('ready');
    expect(ready.status).toBe(200);
    expect(ready.answer).toEqual({ status: 'ready' });
  });
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI document listing every call of SPEC section 7 with its method', async () => {
    const app = await getApp();
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = OpenApiDocument.parse(response.json());
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toEqual(expect.any(String));
    const paths: Record<string, Record<string, unknown>> = {};
    for (const [path, operations] of Object.entries(document.paths)) {
      paths[path.length > 1 ? path.replace(/\/$/, '') : path] = operations;
    }
    const calls: [string, string][] = [
      ['post', '/api/auth/login'],
      ['post', '/api/auth/register'],
      ['get', '/api/categories'],
      ['get', '/api/products'],
      ['get', '/api/products/shop'],
      ['get', '/api/products/{x}'],
      ['post', '/api/products/add-product'],
      ['put', '/api/products/update/{x}'],
      ['delete', '/api/products/delete/{x}'],
      ['post', '/api/categories/add-category'],
      ['delete', '/api/categories/delete/{id}'],
      ['get', '/api/users'],
      ['get', '/api/users/profile/{x}'],
      ['get', '/api/users/profile/wishlist/{userId}'],
      ['put', '/api/users/wishlist'],
      ['put', '/api/users/profile/update/{id}'],
      ['get', '/api/cart'],
      ['post', '/api/cart/add-cart'],
      ['put', '/api/cart/update/{id}'],
      ['delete', '/api/cart/delete/{id}'],
      ['delete', '/api/cart/delete-all-cart'],
      ['post', '/api/orders/new-order'],
      ['get', '/api/orders/{userId}'],
      ['get', '/api/orders/single/{orderId}'],
      ['get', '/api/orders'],
      ['put', '/api/orders/cancel/{id}'],
      ['put', '/api/orders/status/{id}'],
    ];
    const missing = calls.filter(([method, path]) => !paths[path]?.[method]).map(([method, path]) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
    // the answers are described from the same schemas
    const login = OpenApiOperation.parse(paths['/api/auth/login']!.post);
    expect(propertiesOf(login.responses['200']!.content['application/json']!.schema)).toEqual(
      expect.arrayContaining(['_id', 'id', 'username', 'email', 'isAdmin', 'token']),
    );
  });
});

describe('errors a client can rely on', () => {
  it('answers an unknown /api path, or an unknown method, with 404 and a message', async () => {
    const app = await getApp();
    for (const [method, url] of [['GET', '/api/no-such-thing'], ['GET', '/api'], ['POST', '/api/products/shop/extra'], ['PATCH', '/api/cart']] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const response = await api('login', { headers: { 'content-type': 'application/json' }, payload: '{"email": "a@b.co", ' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('refuses a body that tries to set a prototype (400) and makes no admin', async () => {
    const email = `proto-${Date.now().toString(36)}@example.com`;
    const response = await api('register', { headers: { 'content-type': 'application/json' }, payload: `{"username":"proto-${Date.now().toString(36)}","email":"${email}","password":"long enough","__proto__":{"isAdmin":true}}` });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'The request body is not valid JSON' });
    const login = await api('login', { body: { email, password: 'long enough' } });
    expect(login.status).toBe(400);
  });

  it('answers an unsupported content type with 415 and a body over 1 MB with 413, each with a message', async () => {
    const xml = await api('login', { headers: { 'content-type': 'application/xml' }, payload: '<login/>' });
    expect(xml.status).toBe(415);
    expect(xml.body).toEqual({ message: 'This content type is not supported' });
    const { auth } = await createUser();
    const huge = await api('addToCart', { headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify({ product: 'x', quantaty: 1, nameProduct: 'n'.repeat(1024 * 1024 + 10) }) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'The request is too large' });
  });

  it('answers a NUL character in text, a path or a query with 400 and a message, never 500', async () => {
    const app = await getApp();
    const admin = await createAdmin();
    const shopper = await createUser();
    const product = await createProduct();
    await createCartItem(shopper.user, product, 1);
    const requests = [
      { method: 'POST', url: '/api/auth/register', payload: { username: 'mona\u0000', email: 'nul-user@example.com', password: 'long enough' } },
      { method: 'POST', url: '/api/categories/add-category', headers: admin.auth, payload: { title: 'Caps\u0000', gender: 'men' } },
      { method: 'POST', url: '/api/orders/new-order', headers: shopper.auth, payload: newOrderBody([{ product, quantity: 1 }], { address: '12\u0000 St.' }) },
      { method: 'GET', url: '/api/products/a%00b' },
      { method: 'GET', url: '/api/products/shop?category=Caps%00' },
      { method: 'GET', url: '/api/users/profile/a%00b', headers: admin.auth },
      { method: 'PUT', url: '/api/cart/update/a%00b', headers: shopper.auth, payload: { quantaty: 1 } },
    ] as const;
    for (const request of requests) {
      const response = await app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(400);
      expect(messageOf(response), `${request.method} ${request.url}`).toMatch(/ contains a character that is not allowed$/);
    }
    const cart = await api('getCart', { token: shopper.token });
    expect(cart.answer).toHaveLength(1);
  });

  it('sends nosniff on every answer', async () => {
    const response = await api('health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the Authorization header', () => {
  const apps: App[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('accepts the scheme word in any case', async () => {
    const { token } = await createUser();
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const response = await api('getCart', { headers: { authorization: `${scheme} ${token}` } });
      expect(response.status).toBe(200);
      expect(response.answer).toEqual([]);
    }
  });

  it.each([
    ['no token after the scheme', 'Bearer', 'Please log in to continue'],
    ['another scheme', 'Basic dXNlcjpwYXNz', 'Please log in to continue'],
    ['a token that is not a JWT', 'Bearer not-a-token', 'Your session has expired, please log in again'],
    [
      'an unsigned token (alg none)',
      `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"00000000-0000-4000-8000-000000000000"}').toString('base64url')}.`,
      'Your session has expired, please log in again',
    ],
  ])('refuses %s with 401', async (_case, authorization, message) => {
    const response = await api('getCart', { headers: { authorization } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message });
  });

  it('refuses a token signed with another secret, and an expired one', async () => {
    const { user } = await createUser();
    const otherShop = await buildAppWith({ JWT_SECRET: 'a-completely-different-secret-of-enough-length' });
    const shortLived = await buildAppWith({ TOKEN_TTL: '1s' });
    apps.push(otherShop, shortLived);
    const foreign = await api('getCart', { headers: { authorization: `Bearer ${otherShop.signToken({ id: user._id })}` } });
    expect(foreign.status).toBe(401);
    expect(foreign.body).toEqual({ message: 'Your session has expired, please log in again' });

    const token = shortLived.signToken({ id: user._id });
    expect((await api('getCart', { app: shortLived, token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await api('getCart', { app: shortLived, token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: 'Your session has expired, please log in again' });
  });
});
