// Browser hardening: every kind of answer carries a Content-Security-Policy without inline scripts, framing
// refused, no MIME sniffing and a referrer policy; markup sent as data comes back as data, never as markup.
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import type { InjectOptions } from 'fastify';
import type { App } from '../../src/app.ts';
import { buildAppWith, createAdmin, createCategory, createUser, getApp } from '../helpers.ts';
import { answerOf } from '../client.ts';

const app = await getApp();
const others: App[] = [];
afterAll(async () => {
  await Promise.all(others.map((other) => other.close()));
});

function directives(policy: unknown): Map<string, string[]> {
  expect(typeof policy).toBe('string');
  return new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values] as [string, string[]]),
  );
}

function expectHardened(response: { statusCode: number; headers: Record<string, unknown> }, context: string) {
  const csp = directives(response.headers['content-security-policy']);
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, `${context}: script-src`).toBeDefined();
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) expect(scripts, context).not.toContain(unsafe);
  expect(csp.get('frame-ancestors'), context).toEqual(["'none'"]);
  expect(csp.get('object-src'), context).toEqual(["'none'"]);
  expect(csp.get('base-uri'), context).toEqual(expect.arrayContaining([expect.stringMatching(/^'(self|none)'$/)]));
  expect(response.headers['x-content-type-options'], context).toBe('nosniff');
  expect(response.headers['referrer-policy'], context).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
  expect(response.headers['x-powered-by'], context).toBeUndefined();
}

describe('security headers', () => {
  it('are on every kind of answer: data, errors, files, the storefront and addresses the router cannot read', async () => {
    const customer = await createUser();
    const requests: [string, InjectOptions, number][] = [
      ['a list', { url: '/api/products' }, 200],
      ['an authenticated read', { url: '/api/cart', headers: customer.auth }, 200],
      ['a 400', { method: 'POST', url: '/api/auth/login', payload: {} }, 400],
      ['a 401', { url: '/api/cart' }, 401],
      ['a 403', { url: '/api/users', headers: customer.auth }, 403],
      ['a 404 of the API', { url: '/api/nothing-here' }, 404],
      ['a missing image', { url: '/images/none-800.webp' }, 404],
      ['a malformed JSON body', { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{' }, 400],
      ['a broken %-escape', { url: '/api/products/%E0%A4%A' }, 400],
      ['an overlong parameter', { url: `/api/products/${'a'.repeat(600)}` }, -4],
      ['the storefront page', { url: '/' }, -1],
      ['a storefront route', { url: '/cart' }, -1],
    ];
    for (const [what, request, status] of requests) {
      const response = await app.inject(request);
      if (status > 0) expect(response.statusCode, what).toBe(status);
      if (status === -4) expect(Math.floor(response.statusCode / 100), what).toBe(4);
      expectHardened(response, what);
    }
  });

  it('allow Stripe\'s script and frames only when Stripe is the payment provider, still without inline scripts', async () => {
    const sandbox = directives((await app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(sandbox.get('script-src')).toEqual(["'self'"]);
    expect(sandbox.get('frame-src')).toEqual(["'none'"]);

    const stripe = await buildAppWith({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' });
    others.push(stripe);
    const response = await stripe.inject({ url: '/api/health' });
    expectHardened(response, 'stripe');
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
  });

  it('the storefront page has no inline script or inline event handler for the policy to block', async () => {
    const response = await app.inject({ url: '/' });
    if (response.statusCode === 404) return; // the storefront is not built in this checkout; the e2e runs cover it
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      // data the browser never runs (a server-rendered page's answers, its JSON-LD) may be inline; code may not
      if (/\btype="application\/(ld\+)?json"/.test(attributes!)) continue;
      expect(attributes).toMatch(/\bsrc=/);
      expect(content!.trim()).toBe('');
    }
    expect(response.body).not.toMatch(/\son[a-z]+\s*=/i);
    expect(response.body).not.toMatch(/javascript:/i);
  });

  it('no cross-origin site is let in: no CORS grant, whatever Origin says', async () => {
    const customer = await createUser();
    const response = await app.inject({ url: '/api/cart', headers: { ...customer.auth, origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await app.inject({ method: 'OPTIONS', url: '/api/cart', headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('markup is data', () => {
  const MARKUP = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', "javascript:alert('x')"];

  it('product names with markup are stored and answered verbatim as JSON strings', async () => {
    const admin = await createAdmin();
    const category = await createCategory({ gender: 'women' });
    for (const [index, markup] of MARKUP.entries()) {
      const name = `${markup} ${Date.now().toString(36)}${index}`;
      const created = await app.inject({
        method: 'POST',
        url: '/api/products/add-product',
        headers: admin.auth,
        payload: { name, description: markup, price: 120, gender: 'women', category: category.title, imageUrls: ['https://cdn.example.com/m.webp'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      for (const url of [`/api/products/${answerOf('addProduct', created)._id}`, `/api/products/${encodeURIComponent(name)}`]) {
        const read = await app.inject({ url });
        expect(read.statusCode).toBe(200);
        expect(read.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(read.json()).toMatchObject({ name, description: markup });
        expectHardened(read, url);
      }
    }
  });

  it('search text with markup is a search like any other, answered as JSON', async () => {
    for (const markup of MARKUP) {
      const response = await app.inject({ url: `/api/products/shop?search=${encodeURIComponent(markup)}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Array.isArray(response.json())).toBe(true);
    }
  });

  it('error messages never echo what was sent', async () => {
    const customer = await createUser();
    const markup = '<script>alert(1)</script>';
    const answers = await Promise.all([
      app.inject({ url: `/api/products/${encodeURIComponent(markup)}` }),
      app.inject({ url: `/api/users/profile/${encodeURIComponent(markup)}`, headers: customer.auth }),
      app.inject({ url: `/api/products/shop?gender=${encodeURIComponent(markup)}` }),
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: markup, password: markup } }),
      app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: customer.auth, payload: { product: markup, quantaty: markup } }),
      app.inject({ url: `/api/${encodeURIComponent(markup)}` }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.body).not.toContain('<script');
      expect(answer.json().message).toEqual(expect.any(String));
    }
    expect(answers[0]!.json()).toEqual({ message: MESSAGES.productNotFound });
  });
});
