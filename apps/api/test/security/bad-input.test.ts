// A corpus of bad input applied to every body field, parameter and query of every API route. Everything the
// corpus says is invalid must be refused with a 4xx and a message (never a 5xx), and change nothing in the
// database; what is legitimately valid (an Arabic search) must succeed, and is asserted as such.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accentProblem, isHexColour, normalizeHex } from '@shop/core/colour';
import { AUDIT_ENTITIES, GOVERNORATES, type AuditEntity, type Governorate } from '@shop/core/constants';
import { ORDER_STATUSES, type OrderStatus } from '@shop/core/order-status';
import { cartItems, users } from '../../src/db/schema.ts';
import { buildApp } from '../../src/app.ts';
import { TEST_PASSWORD, billing, createCategory, createProduct, createUser, getApp, getTestContext, multipart, sourcePages, testConfig, unique } from '../helpers.ts';
import { answerOf, api } from '../client.ts';
import {
  accountWithoutArgon2, buildWorld, expectMessage, fillParams, fingerprint, listRoutes, type RouteKey, type Session,
} from './factories.ts';

const app = await getApp();

// ---- the corpus ------------------------------------------------------------------------------------------

/** A JSON literal JavaScript cannot produce (JSON.stringify writes -0 as 0 and 1e309 as null). */
class Raw {
  constructor(readonly literal: string) {}
}
const OMIT = Symbol('omitted');
type Value = unknown;

const LONG_10K = 'a'.repeat(10 * 1024);
const LONG_1M = 'a'.repeat(1024 * 1024);
const UNICODE = 'Ünïcødé ✓ 😀 ﷽ \u202eevil';
const ARABIC = 'قميص قطن أبيض';
const SQL = "' OR '1'='1'; DROP TABLE users; --";
const SCRIPT = '<script>alert(1)</script>';

const BODY_VALUES: [string, Value][] = [
  ['missing', OMIT],
  ['null', null],
  ['true', true],
  ['a number', 12345],
  ['a fraction', 1.5],
  ['a negative number', -1],
  ['zero', 0],
  ['1e20', 1e20],
  ['an array', ['x']],
  ['an object', { x: 1 }],
  ['an empty string', ''],
  ['blanks', '   '],
  ['10 kB', LONG_10K],
  ['1 MB', LONG_1M],
  ['Unicode', UNICODE],
  ['Arabic', ARABIC],
  ['a NUL character', 'a\u0000b'],
  ['SQL', SQL],
  ['a script', SCRIPT],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['"1e309"', '1e309'],
  ['"-0"', '-0'],
  ['"__proto__"', '__proto__'],
  ['"constructor"', 'constructor'],
  ['1e309', new Raw('1e309')],
  ['-0', new Raw('-0')],
];

const PARAM_VALUES: [string, string][] = [
  ['blanks', '   '],
  ['10 kB', LONG_10K],
  ['1 MB', LONG_1M],
  ['Unicode', UNICODE],
  ['Arabic', ARABIC],
  ['a NUL character', 'a\u0000b'],
  ['SQL', SQL],
  ['a script', SCRIPT],
  ['NaN', 'NaN'],
  ['1e309', '1e309'],
  ['-0', '-0'],
  ['-1', '-1'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['a path out of the folder', '../../../../etc/passwd'],
  ['an id of nothing', randomUUID()],
];

const QUERY_VALUES: [string, string][] = [
  ['an empty string', ''],
  ['blanks', '   '],
  ['10 kB', LONG_10K],
  ['1 MB', LONG_1M],
  ['Unicode', UNICODE],
  ['Arabic', ARABIC],
  ['a NUL character', 'a\u0000b'],
  ['SQL', SQL],
  ['a script', SCRIPT],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['1e309', '1e309'],
  ['-0', '-0'],
  ['1.5', '1.5'],
  ['-1', '-1'],
  ['0', '0'],
  ['12345', '12345'],
  ['__proto__', '__proto__'],
];

/** A PNG whose signature and header chunk are right (so its size reads) and whose pixel data does not inflate. */
function corruptPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(64, 0); // width
  header.writeUInt32BE(64, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from('not deflate data at all, only bytes that look like it might be. '.repeat(4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- what each kind of field accepts ---------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isText = (v: unknown): v is string => typeof v === 'string';
const textOk = (v: unknown, max: number) => isText(v) && v.trim().length >= 1 && v.trim().length <= max && !v.includes('\u0000');
const numberOf = (v: unknown) => (typeof v === 'number' ? v : isText(v) && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN);

/** Whether a value is valid for a field; false means the route must refuse it. */
type Kind = (value: unknown) => boolean;
const kinds = {
  text: (max: number): Kind => (v) => textOk(v, max),
  username: ((v) => textOk(v, 40) && !/\p{Cf}/u.test(v as string) && /^[^\s/?#%\\]+(?: [^\s/?#%\\]+)*$/u.test((v as string).trim()) && !UUID.test((v as string).trim())) as Kind,
  email: ((v) => isText(v) && /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(v.trim())) as Kind,
  password: ((v) => isText(v) && v.length >= 8 && v.length <= 200) as Kind,
  phone: ((v) => textOk(v, 30) && /^\+?[\d\s-]{6,20}$/.test((v as string).trim())) as Kind,
  gender: ((v) => v === 'men' || v === 'women') as Kind,
  quantity: ((v) => {
    const n = typeof v === 'number' ? v : isText(v) && /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
    return Number.isInteger(n) && n >= 1 && n <= 99;
  }) as Kind,
  price: ((v) => {
    const n = numberOf(v);
    return Number.isFinite(n) && n > 0 && n <= 1_000_000 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
  }) as Kind,
  discount: ((v) => {
    if (v === undefined || v === null || v === 'undefined' || (isText(v) && v.trim() === '')) return true;
    const n = numberOf(v);
    return Number.isInteger(n) && n >= 0 && n <= 99;
  }) as Kind,
  /** Names a thing that must exist, or must match the cart: nothing in the corpus does. */
  lookup: (() => false) as Kind,
  optionalText: (max: number): Kind => (v) => v === undefined || (isText(v) && v.length <= max),
  optional: ((v) => v === undefined) as Kind,
  /** Read by no one. */
  ignored: (() => true) as Kind,
  /** A setting's text: left out, blank or null (none), else at most `max` characters. */
  setting: (max: number): Kind => (v) => v === undefined || v === null || (isText(v) && v.trim().length <= max && !v.includes('\u0000')),
};

type QueryKind = 'page' | 'limit' | 'gender' | 'category' | 'search' | 'orderStatus' | 'returnStatus' | 'date' | 'auditEntity' | 'governorate' | 'way' | 'reportFormat' | 'ignored';
function queryValid(kind: QueryKind, v: string): boolean {
  const n = Number(v);
  switch (kind) {
    case 'page':
      return Number.isInteger(n) && n >= 1 && n <= 100_000;
    case 'limit':
      return Number.isInteger(n) && n >= 1 && n <= 100;
    case 'gender':
      return v.trim() === '' || v === 'men' || v === 'women';
    case 'category':
      return v.trim().length <= 100 && !v.includes('\u0000');
    case 'search':
      return v.trim().length <= 100;
    case 'orderStatus':
      return v.trim() === '' || ORDER_STATUSES.includes(v as OrderStatus);
    case 'returnStatus':
      return v.trim() === '' || ['requested', 'approved', 'rejected', 'received', 'closed'].includes(v);
    case 'auditEntity':
      return v.trim() === '' || AUDIT_ENTITIES.includes(v as AuditEntity);
    case 'governorate':
      return v.trim() === '' || GOVERNORATES.includes(v as Governorate);
    case 'way':
      return v.trim() === '' || v === 'cash' || v === 'credit';
    case 'reportFormat':
      return v.trim() === '' || v === 'json' || v === 'csv';
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) && !Number.isNaN(Date.parse(v.trim()));
    case 'ignored':
      return true;
  }
}

// ---- how each route is called ----------------------------------------------------------------------------

type Caller = 'visitor' | 'customer' | 'admin' | 'idle';

interface Spec {
  caller: Caller;
  /** Valid values of the route's parameters. */
  params?: Record<string, string>;
  query?: Record<string, QueryKind>;
  /** Valid values of a read's required query keys, sent with each probe of another key. */
  baseQuery?: Record<string, string>;
  /** A valid body, and what each of its fields accepts. */
  body?: Record<string, unknown>;
  fields?: Record<string, Kind>;
  /** Also sent as multipart/form-data (SPEC's add-product form). */
  multipart?: boolean;
  /** The call is refused even when well formed (a wrong password, an empty cart): every variant must be 4xx. */
  refused?: boolean;
  /** Without a customer's things (an empty cart) the call is valid and changes nothing: a 2xx is right. */
  harmlessWhenIdle?: boolean;
  /** A body of no fields is a valid change of nothing (PUT /api/settings takes any subset of the settings): 2xx. */
  emptyBodyValid?: boolean;
  /** Whole bodies of the route's own kind of bad input, each refused. */
  extra?: () => Promise<{ what: string; payload: string | Buffer; contentType: string }[]>;
}

let specs: Record<string, Spec>;
let sessions: Record<Caller, Session | undefined>;
const IMAGE_NAME = 'security-bad-input-800.webp';

beforeAll(async () => {
  const world = await buildWorld();
  const fast = await accountWithoutArgon2();
  const idle = await createUser();
  // a category of its own for the update probes (the corpus deletes the world's product and its empty category)
  const updated = await createCategory();
  sessions = { visitor: undefined, customer: world.a.session, admin: world.admin.session, idle };
  writeFileSync(path.join(app.config.imagesDir, IMAGE_NAME), Buffer.from('RIFF\0\0\0\0WEBPVP8 '));
  const { product } = world;
  const a = world.a.session.user;
  const fresh = unique('fresh').replace(/\s/g, '-');
  const productFields = {
    name: unique('Corpus Shirt'),
    description: 'Linen shirt.',
    price: 300,
    disCountPrecent: 10,
    gender: product.gender,
    category: product.category,
  };
  const productKinds = {
    name: kinds.text(120),
    description: kinds.text(5000),
    price: kinds.price,
    disCountPrecent: kinds.discount,
    gender: kinds.gender,
    category: kinds.lookup,
  };
  // a code the corpus's coupon calls name: taken already, so a well-formed call is refused
  const takenCode = `CORPUS-${randomUUID().slice(0, 8)}`;
  const couponFields = { kind: 'percent', value: 10, minSubtotal: 0, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null, active: true };
  expect((await api('addCoupon', { headers: world.admin.session.auth, payload: { ...couponFields, code: takenCode } })).status).toBe(201);
  // the fields whose checks differ (the others are the same number and date checks)
  const couponKinds: Record<string, Kind> = { kind: kinds.lookup, value: kinds.lookup, startsAt: kinds.lookup, maxUses: kinds.lookup };
  const governorateKind = ((v) => v === undefined || (isText(v) && (v.trim() === '' || GOVERNORATES.includes(v as Governorate)))) as Kind;
  // no code (or a blank one) is valid; any other text names no code and is refused
  const noCode = ((v) => v === undefined || (isText(v) && v.trim() === '')) as Kind;
  specs = {
    'GET /api/health': { caller: 'visitor' },
    'GET /api/ready': { caller: 'visitor' },
    'GET /api/config': { caller: 'visitor' },
    'GET /api/openapi.json': { caller: 'visitor' },
    'POST /api/auth/login': {
      caller: 'visitor',
      body: { email: fast.email, password: 'a wrong password' },
      fields: { email: kinds.email, password: kinds.password },
      refused: true,
    },
    'POST /api/auth/register': {
      caller: 'visitor',
      body: { username: fresh, email: `${fresh}@example.com`, password: 'a long password' },
      fields: { username: kinds.username, email: kinds.email, password: kinds.password },
    },
    'POST /api/auth/forgot-password': { caller: 'visitor', body: { email: `nobody-${fresh}@example.com` }, fields: { email: kinds.email } },
    'POST /api/auth/reset-password': {
      caller: 'visitor',
      body: { token: 'a-token-that-was-never-issued', password: 'a long password' },
      fields: { token: kinds.lookup, password: kinds.password },
      refused: true,
    },
    'GET /api/products': { caller: 'visitor', query: { page: 'page', limit: 'limit' } },
    'GET /api/products/shop': { caller: 'visitor', query: { page: 'page', limit: 'limit', gender: 'gender', category: 'category', search: 'search' } },
    'GET /api/products/bestsellers': { caller: 'visitor' },
    'GET /api/products/:x': { caller: 'visitor', params: { x: product._id } },
    'GET /api/products/:x/related': { caller: 'visitor', params: { x: product.name } },
    'GET /api/products/facets': { caller: 'visitor', query: { gender: 'gender', category: 'category', search: 'search' } },
    'GET /api/products/:x/reviews': { caller: 'visitor', params: { x: product._id }, query: { page: 'page', limit: 'limit' } },
    // the customer has no delivered order of the product: refused whatever she sends
    'POST /api/products/:x/reviews': {
      caller: 'customer',
      params: { x: product._id },
      body: { rating: 5, title: 'Great', text: 'Fits well.', fit: 'true' },
      fields: { rating: kinds.ignored, title: kinds.text(120), text: kinds.text(2000), fit: kinds.ignored },
      refused: true,
    },
    'GET /api/products/:x/reviews/mine': { caller: 'customer', params: { x: product._id } },
    'DELETE /api/reviews/:id': { caller: 'customer', params: { id: world.a.reviewId } },
    // the world's product is One size, not tracked (in stock): refused whatever she sends
    'POST /api/products/:x/notify': { caller: 'customer', params: { x: product._id }, body: { size: 'One size' }, fields: { size: kinds.lookup }, refused: true },
    'POST /api/products/add-product': {
      caller: 'admin',
      body: { ...productFields, imageUrls: ['https://cdn.example.com/corpus.webp'] },
      fields: { ...productKinds, imageUrls: kinds.lookup },
      multipart: true,
      // the audit of 2026-11: both answered 500
      extra: async () => {
        const asText = Object.fromEntries(Object.entries(productFields).map(([key, value]) => [key, String(value)]));
        const corrupt = await multipart(asText, [{ data: corruptPng(), filename: 'photo.png', type: 'image/png' }]);
        let nested: unknown = 'https://cdn.example.com/corpus.webp';
        for (let depth = 0; depth < 2000; depth++) nested = [nested];
        const deepForm = await multipart({ ...asText, imageUrls: `${'['.repeat(2000)}"https://cdn.example.com/corpus.webp"${']'.repeat(2000)}` });
        return [
          { what: 'a PNG with a valid header and corrupt data', payload: corrupt.payload, contentType: corrupt.headers['content-type'] },
          { what: 'imageUrls nested 2,000 deep', payload: JSON.stringify({ ...productFields, imageUrls: nested }), contentType: 'application/json' },
          { what: 'imageUrls as JSON text nested 2,000 deep', payload: deepForm.payload, contentType: deepForm.headers['content-type'] },
        ];
      },
    },
    'PUT /api/products/update/:x': {
      caller: 'admin',
      params: { x: product._id },
      body: productFields,
      fields: { ...productKinds, images: kinds.optional },
    },
    'DELETE /api/products/delete/:x': { caller: 'admin', params: { x: product._id } },
    'GET /api/categories': { caller: 'visitor' },
    'POST /api/categories/add-category': {
      caller: 'admin',
      body: { title: unique('Corpus'), gender: 'men' },
      fields: { title: kinds.text(60), gender: kinds.gender },
    },
    'PUT /api/categories/update/:id': { caller: 'admin', params: { id: updated._id }, body: { titleAr: 'قسم' }, fields: { titleAr: kinds.setting(60) } },
    'DELETE /api/categories/delete/:id': { caller: 'admin', params: { id: world.emptyCategory._id } },
    'GET /api/users': { caller: 'admin', query: { page: 'page', limit: 'limit' } },
    // A stays a customer: the corpus sends only the variants it must refuse
    'PUT /api/users/:id/role': {
      caller: 'admin',
      params: { id: a._id },
      body: { role: 'customer' },
      fields: { role: ((v) => v === 'customer' || v === 'staff' || v === 'admin') as Kind },
    },
    'GET /api/users/profile/:x': { caller: 'customer', params: { x: a.username } },
    'GET /api/users/profile/wishlist/:userId': { caller: 'customer', params: { userId: a._id } },
    'PUT /api/users/wishlist': { caller: 'customer', body: { productId: product._id }, fields: { productId: kinds.lookup } },
    // a new email with the right password; any other password (or none) is refused
    'PUT /api/users/profile/update/:id': {
      caller: 'customer',
      params: { id: a._id },
      body: { username: `${fresh}-2`, email: `${fresh}-2@example.com`, currentPassword: TEST_PASSWORD },
      fields: { username: kinds.username, email: kinds.email, currentPassword: kinds.lookup },
    },
    // a wrong current password: well formed, refused before anything is written
    'PUT /api/users/password': {
      caller: 'customer',
      body: { currentPassword: 'not the current password', newPassword: 'a long new password' },
      fields: { currentPassword: kinds.lookup, newPassword: kinds.password },
      refused: true,
    },
    'GET /api/cart': { caller: 'customer' },
    'POST /api/cart/add-cart': {
      caller: 'customer',
      body: { product: product._id, quantaty: 1 },
      fields: { product: kinds.lookup, quantaty: kinds.quantity },
    },
    'PUT /api/cart/update/:id': {
      caller: 'customer',
      params: { id: world.a.cartItemId },
      body: { quantaty: 3 },
      fields: { quantaty: kinds.quantity },
    },
    'DELETE /api/cart/delete/:id': { caller: 'customer', params: { id: world.a.cartItemId } },
    'DELETE /api/cart/delete-all-cart': { caller: 'customer', harmlessWhenIdle: true },
    'POST /api/orders/new-order': {
      caller: 'customer',
      body: { ...billing(), wayForPayment: 'cash', totalPrice: '430.00', productId: [product._id], quantaties: [2] },
      fields: {
        firstName: kinds.text(60),
        secondName: kinds.text(60),
        email: kinds.email,
        phoneNumber: kinds.phone,
        Governorate: kinds.lookup,
        city: kinds.text(80),
        address: kinds.text(300),
        wayForPayment: kinds.lookup,
        totalPrice: kinds.lookup,
        productId: kinds.lookup,
        quantaties: kinds.lookup,
        paymentIntentId: kinds.optionalText(200),
      },
    },
    'POST /api/orders/payment': { caller: 'idle', body: { amount: 43_000 }, fields: { amount: kinds.ignored }, refused: true },
    'GET /api/orders': { caller: 'admin', query: { page: 'page', limit: 'limit', status: 'orderStatus' } },
    'GET /api/orders/single/:orderId': { caller: 'customer', params: { orderId: world.a.orderId } },
    'GET /api/orders/:userId': { caller: 'customer', params: { userId: a._id } },
    'PUT /api/orders/cancel/:id': { caller: 'admin', params: { id: world.a.orderId } },
    // delivered straight from accepted: refused (409) even when well formed, so no variant changes the order
    'PUT /api/orders/status/:id': {
      caller: 'admin',
      params: { id: world.a.orderId },
      body: { status: 'delivered' },
      fields: { status: ((v) => ORDER_STATUSES.includes(v as OrderStatus)) as Kind },
      refused: true,
    },
    // confirming a cash order (PRODUCT section 9): A's order needs none, so a well-formed call is refused (409) and the
    // link's token names nothing
    'POST /api/orders/:id/confirmation': {
      caller: 'admin',
      params: { id: world.a.orderId },
      body: { outcome: 'confirmed', note: 'called' },
      fields: {
        outcome: ((v) => v === 'confirmed' || v === 'declined' || v === 'no-answer') as Kind,
        note: ((v) => v === undefined || v === null || (isText(v) && v.trim().length <= 500)) as Kind,
      },
      refused: true,
    },
    'POST /api/orders/:id/confirm': { caller: 'visitor', params: { id: world.a.orderId }, body: { token: 'x'.repeat(43), answer: 'confirm' }, fields: { token: kinds.lookup, answer: ((v) => v === 'confirm' || v === 'cancel') as Kind }, refused: true },
    'GET /api/orders/:id/confirm': { caller: 'visitor', params: { id: world.a.orderId }, refused: true },
    // shipping with a courier (PRODUCT section 9): this app has no courier set up, so a well-formed call is refused (409)
    // and nothing is sent; a courier's webhook is only the configured courier's (404)
    'POST /api/orders/:id/shipment': {
      caller: 'admin',
      params: { id: world.a.orderId },
      body: { packageType: 'parcel', notes: 'fragile', allowOpening: true },
      fields: {
        packageType: ((v) => v === undefined || v === 'parcel' || v === 'document' || v === 'light-bulky' || v === 'heavy-bulky') as Kind,
        notes: ((v) => v === undefined || (isText(v) && v.trim().length <= 300)) as Kind,
        allowOpening: ((v) => v === undefined || typeof v === 'boolean') as Kind,
      },
      refused: true,
    },
    'POST /api/shipments': {
      caller: 'admin',
      body: { orders: [world.a.orderId] },
      fields: { orders: kinds.lookup },
      refused: true,
    },
    'GET /api/orders/:id/shipment/waybill': { caller: 'admin', params: { id: world.a.orderId }, refused: true },
    'POST /api/shipments/pickup': {
      caller: 'admin',
      body: { date: '2030-01-08', parcels: 2 },
      fields: {
        date: ((v) => isText(v) && /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) && !Number.isNaN(Date.parse(v.trim()))) as Kind,
        parcels: ((v) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 1000) as Kind,
      },
      refused: true,
    },
    'GET /api/reports/cod': { caller: 'admin', query: { from: 'date', to: 'date', format: 'reportFormat' }, baseQuery: { from: '2026-01-01', to: '2026-01-31' } },
    'POST /api/shipping/:courier/webhook': { caller: 'visitor', params: { courier: 'bosta' }, body: { trackingNumber: 1, state: 21, timeStamp: 0 }, fields: { state: kinds.ignored }, refused: true },
    // returns and exchanges (PRODUCT section 9): A's order is not delivered, so a well-formed ask is refused (409); the
    // shop's steps and a cash refund name a return that does not exist (404)
    'POST /api/orders/:id/returns': {
      caller: 'customer',
      params: { id: world.a.orderId },
      body: { kind: 'refund', lines: [{ product: product._id, size: 'M', quantity: 1, reason: 'too-small' }], note: 'tight' },
      fields: {
        kind: ((v) => v === 'refund' || v === 'exchange') as Kind,
        lines: kinds.lookup,
        note: ((v) => v === undefined || v === null || (isText(v) && v.trim().length <= 1000 && !v.includes('\u0000'))) as Kind,
      },
      refused: true,
    },
    'GET /api/orders/:id/returns': { caller: 'customer', params: { id: world.a.orderId } },
    'GET /api/returns': { caller: 'admin', query: { page: 'page', limit: 'limit', status: 'returnStatus' } },
    'PUT /api/returns/:id': {
      caller: 'admin',
      params: { id: '00000000-0000-4000-8000-000000000046' },
      body: { status: 'approved', note: 'ok', restock: true },
      fields: {
        status: ((v) => v === 'approved' || v === 'rejected' || v === 'received' || v === 'closed') as Kind,
        note: ((v) => v === undefined || v === null || (isText(v) && v.trim().length <= 500 && !v.includes('\u0000'))) as Kind,
        restock: ((v) => v === undefined || typeof v === 'boolean') as Kind,
      },
      refused: true,
    },
    'PUT /api/returns/:id/refund': {
      caller: 'admin',
      params: { id: '00000000-0000-4000-8000-000000000046' },
      body: { method: 'instapay', reference: 'IPN-1' },
      fields: {
        method: ((v) => v === 'wallet' || v === 'instapay' || v === 'bank' || v === 'cash') as Kind,
        reference: ((v) => isText(v) && v.trim().length >= 1 && v.trim().length <= 100 && !v.includes('\u0000')) as Kind,
      },
      refused: true,
    },
    // an expired card: well formed, refused before anything is written
    'POST /api/payments/sandbox/confirm': {
      caller: 'customer',
      body: { client_secret: world.a.clientSecret, cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2001, cvc: '123' },
      fields: { client_secret: kinds.lookup, cardNumber: kinds.ignored, expMonth: kinds.ignored, expYear: kinds.ignored, cvc: kinds.ignored },
      refused: true,
    },
    'POST /api/payments/webhook': { caller: 'visitor', body: { id: 'evt_1', type: 'payment_intent.succeeded' }, fields: { id: kinds.ignored }, refused: true },
    'GET /images/*': { caller: 'visitor', params: { '*': IMAGE_NAME } },
    'GET /api/settings': { caller: 'visitor' },
    // where shoppers are (PRODUCT section 9): the Marketing screen's figures; the unsubscribe link without its token
    'GET /api/marketing': { caller: 'admin' },
    'GET /api/marketing/unsubscribe': { caller: 'visitor', refused: true },
    'POST /api/marketing/unsubscribe': { caller: 'visitor', refused: true },
    'GET /api/audit': { caller: 'admin', query: { page: 'page', limit: 'limit', entity: 'auditEntity' } },
    'GET /api/orders/export.csv': { caller: 'admin', query: { from: 'date', to: 'date', status: 'orderStatus' }, baseQuery: { from: '2026-01-01', to: '2026-01-31' } },
    'GET /api/products/export.csv': { caller: 'admin' },
    'POST /api/products/import': {
      caller: 'admin',
      extra: async () => {
        const file = (data: Buffer) => multipart({}, [{ data, filename: 'products.csv', type: 'text/csv', field: 'file' }]);
        const latin1 = await file(Buffer.from('name,description\r\nCaf\xe9,x\r\n', 'latin1'));
        const open = await file(Buffer.from('name,description,category,gender,price (EGP),sizes,images\r\n"Open,x,Shirts,men,10,M,/images/a.webp\r\n'));
        const formula = await file(Buffer.from('name,description,category,gender,price (EGP),sizes,images\r\n=cmd|calc,x,Nowhere,men,-1,M:-3,javascript:alert(1)\r\n'));
        return [
          { what: 'a spreadsheet that is not UTF-8', payload: latin1.payload, contentType: latin1.headers['content-type'] },
          { what: 'a spreadsheet with a quote left open', payload: open.payload, contentType: open.headers['content-type'] },
          { what: 'a spreadsheet of bad cells', payload: formula.payload, contentType: formula.headers['content-type'] },
        ];
      },
    },
    'GET /api/reports/sales': { caller: 'admin', query: { from: 'date', to: 'date' }, baseQuery: { from: '2026-01-01', to: '2026-01-31' } },
    // the name as it is: the corpus sends only the variants it must refuse
    'PUT /api/settings': {
      caller: 'admin',
      body: { name: (await api('getSettings')).answer.name },
      fields: {
        // any subset of the fields: each may be left out
        name: ((v) => v === undefined || textOk(v, 60)) as Kind,
        nameAr: kinds.setting(60),
        tagline: kinds.setting(160),
        accentColor: ((v) => v === undefined || (isText(v) && isHexColour(v) && accentProblem(normalizeHex(v)) === null)) as Kind,
        logoUrl: ((v) => v === undefined || v === null || (isText(v) && v.trim().length <= 2000 && /^(https?:\/\/[^\s]+|\/images\/[\w.-]+)$/i.test(v.trim()))) as Kind,
        contact: ((v) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v))) as Kind,
      },
      emptyBodyValid: true,
    },
    // delivery, codes, a cart's price and guests (PRODUCT section 8): writes sent only in forms that are refused
    'GET /api/shipping': { caller: 'visitor' },
    // the table is a list: a single object is refused whatever it holds
    'PUT /api/shipping': { caller: 'admin', body: { governorate: 'Aswan', fee: 30 }, fields: { governorate: kinds.lookup, fee: kinds.lookup }, refused: true },
    'GET /api/coupons': { caller: 'admin' },
    // a code taken already: well formed, refused (409); the code itself is not varied
    'POST /api/coupons': {
      caller: 'admin',
      body: { ...couponFields, code: takenCode },
      fields: couponKinds,
      refused: true,
    },
    'PUT /api/coupons/:id': { caller: 'admin', params: { id: randomUUID() }, body: { ...couponFields, code: takenCode }, fields: { value: kinds.lookup }, refused: true },
    'DELETE /api/coupons/:id': { caller: 'admin', params: { id: randomUUID() }, refused: true },
    'GET /api/cart/summary': { caller: 'customer', query: { governorate: 'governorate', way: 'way' } },
    'POST /api/cart/quote': {
      caller: 'visitor',
      body: { lines: [{ product: product._id, size: 'One size', quantity: 1 }], governorate: 'Cairo', way: 'cash' },
      fields: { lines: kinds.lookup, governorate: governorateKind, couponCode: noCode },
    },
    'PUT /api/cart/coupon': { caller: 'customer', body: { code: 'NO-SUCH-CODE' }, fields: { code: kinds.lookup }, refused: true },
    // harmless for a customer without a code; its query (the summary's) is probed on GET /api/cart/summary
    'DELETE /api/cart/coupon': { caller: 'customer', harmlessWhenIdle: true },
    'POST /api/cart/merge': { caller: 'customer', body: { lines: [] }, fields: { lines: ((v) => Array.isArray(v) && v.length === 0) as Kind } },
    'POST /api/orders/guest': {
      caller: 'visitor',
      body: { ...billing(), lines: [{ product: product._id, size: 'One size', quantity: 1 }], wayForPayment: 'cash' },
      // the billing fields are new-order's own schema, probed there
      fields: {
        email: kinds.email,
        Governorate: kinds.lookup,
        lines: kinds.lookup,
        wayForPayment: ((v) => v === undefined || v === 'cash') as Kind,
        couponCode: noCode,
        totalPrice: kinds.optional,
      },
    },
    // Paymob's calls (PRODUCT section 4): this app's provider is the sandbox, so each is refused whatever it is sent
    // (paymob.test.ts calls them on a Paymob shop, bad signatures and references included)
    'POST /api/orders/checkout': {
      caller: 'visitor',
      body: { ...billing(), method: 'card', lines: [{ product: product._id, size: 'One size', quantity: 1 }] },
      fields: { email: kinds.email, Governorate: kinds.lookup, lines: kinds.lookup, method: kinds.lookup, couponCode: noCode, totalPrice: kinds.optional },
      refused: true,
    },
    'POST /api/orders/:id/pay': { caller: 'customer', params: { id: world.a.orderId }, body: { method: 'card' }, fields: { method: kinds.optional }, refused: true },
    'POST /api/payments/paymob/callback': { caller: 'visitor', body: { type: 'TRANSACTION', obj: {} }, fields: { type: kinds.ignored, obj: kinds.ignored }, refused: true },
    'GET /api/payments/paymob/return': { caller: 'visitor', refused: true },
    'POST /api/payments/:provider/webhook': { caller: 'visitor', params: { provider: 'sandbox' }, body: { id: 'evt_1' }, fields: { id: kinds.ignored }, refused: true },
    'GET /api/payments/:provider/return': { caller: 'visitor', params: { provider: 'sandbox' }, refused: true },
    // WhatsApp's webhook: this app has no WhatsApp settings, so each is refused whatever it is sent (whatsapp.test.ts
    // calls them on a shop that has them, wrong verify tokens and signatures included)
    'GET /api/whatsapp/webhook': { caller: 'visitor', query: { 'hub.mode': 'ignored', 'hub.verify_token': 'ignored', 'hub.challenge': 'ignored' }, refused: true },
    'POST /api/whatsapp/webhook': { caller: 'visitor', body: { object: 'whatsapp_business_account', entry: [] }, fields: { object: kinds.ignored, entry: kinds.ignored }, refused: true },
    // without the order's token, nobody reads it or makes an account from it
    'GET /api/orders/guest/:id': { caller: 'visitor', params: { id: world.a.orderId }, refused: true },
    'POST /api/orders/guest/:id/account': { caller: 'visitor', params: { id: world.a.orderId }, body: { password: 'a-good-password' }, fields: { password: kinds.password }, refused: true },
    // privacy (PRODUCT section 9): her own data read; her consents sent as they are (an unchanged choice writes
    // nothing); every other change in a form that is refused (a wrong password, a customer's two-step sign-in)
    'GET /api/users/me/export': { caller: 'customer' },
    'GET /api/users/me/consents': { caller: 'customer' },
    'PUT /api/users/me/consents': {
      caller: 'customer',
      body: { marketingEmail: false, marketingWhatsapp: false, analytics: false },
      fields: Object.fromEntries(['marketingEmail', 'marketingWhatsapp', 'analytics'].map((name) => [name, ((v) => v === undefined || typeof v === 'boolean') as Kind])),
      emptyBodyValid: true,
    },
    'DELETE /api/users/me': { caller: 'customer', body: { password: 'a wrong password' }, fields: { password: kinds.lookup }, refused: true },
    'POST /api/users/me/2fa': { caller: 'customer', refused: true },
    'POST /api/users/me/2fa/enable': { caller: 'customer', body: { code: '123456' }, fields: { code: kinds.lookup }, refused: true },
    'DELETE /api/users/me/2fa': { caller: 'customer', body: { password: TEST_PASSWORD, code: '123456' }, fields: { password: kinds.lookup, code: kinds.lookup }, refused: true },
    'DELETE /api/users/:id/2fa': { caller: 'admin', params: { id: a._id }, refused: true },
    'POST /api/auth/2fa': { caller: 'visitor', body: { ticket: 'a-ticket-never-issued', code: '123456' }, fields: { ticket: kinds.lookup, code: kinds.lookup }, refused: true },
    'GET /api/jobs/failed': { caller: 'admin' },
    // no such failed job: refused whatever the id
    'POST /api/jobs/:id/retry': { caller: 'admin', params: { id: '999999999' }, refused: true },
    'POST /api/settings/logo': {
      caller: 'admin',
      extra: async () => {
        const text = await multipart({}, [{ data: Buffer.from('not a picture'), filename: 'logo.png', type: 'image/png', field: 'file' }]);
        const corrupt = await multipart({}, [{ data: corruptPng(), filename: 'logo.png', type: 'image/png', field: 'file' }]);
        return [
          { what: 'a text file called a PNG', payload: text.payload, contentType: text.headers['content-type'] },
          { what: 'a PNG with a valid header and corrupt data', payload: corrupt.payload, contentType: corrupt.headers['content-type'] },
        ];
      },
    },
  };
});

// ---- sending ---------------------------------------------------------------------------------------------

const routes = listRoutes(app).filter((route) => route.method !== 'HEAD' && (route.url.startsWith('/api') || route.url.startsWith('/images')));
const keyOf = (route: RouteKey) => `${route.method} ${route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url}`;

interface Probe {
  route: RouteKey;
  what: string;
  caller: Caller;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** '4xx': must be refused; '2xx': legitimately valid and harmless. */
  expect: '4xx' | '2xx';
}

function urlFor(route: RouteKey, params: Record<string, string>, query = ''): string {
  const pathPart = route.url.endsWith('*') ? route.url.replace('*', encodeURIComponent(params['*']!)) : fillParams(route.url, params);
  return query ? `${pathPart}?${query}` : pathPart;
}

/** A body as JSON text, with Raw values written as their literal. */
function jsonOf(body: Record<string, unknown>): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value) => {
    if (value instanceof Raw) {
      raws.push(value.literal);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return value;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_whole, index: string) => raws[Number(index)]!);
}

const parsedValue = (value: Value) => (value === OMIT ? undefined : value instanceof Raw ? JSON.parse(value.literal) : value);

function withField(body: Record<string, unknown>, field: string, value: Value) {
  const copy: Record<string, unknown> = { ...body };
  if (value === OMIT) delete copy[field];
  else copy[field] = value;
  return copy;
}

/** Every probe of the corpus for one route: its fields, its parameters, its query and its body as a whole. */
async function probesFor(route: RouteKey, spec: Spec): Promise<Probe[]> {
  const probes: Probe[] = [];
  const params = spec.params ?? {};
  const isRead = route.method === 'GET';
  const base = { route, caller: spec.caller, url: urlFor(route, params) };
  const verdict = (valid: boolean): Probe['expect'] => (spec.refused || !valid ? '4xx' : '2xx');

  // one body field at a time
  for (const [field, kind] of Object.entries(spec.fields ?? {})) {
    for (const [name, value] of BODY_VALUES) {
      const expect = verdict(kind(parsedValue(value)));
      if (expect === '2xx') continue; // valid and not harmless: covered by the explicit tests below
      probes.push({ ...base, what: `body field ${field} = ${name}`, payload: jsonOf(withField(spec.body!, field, value)), contentType: 'application/json', expect });
    }
    if (spec.multipart) {
      for (const [name, value] of BODY_VALUES) {
        if (value !== OMIT && !isText(value)) continue; // a form field is text
        const expect = verdict(kind(parsedValue(value)));
        if (expect === '2xx') continue;
        const fields = Object.fromEntries(
          Object.entries(withField(spec.body!, field, value)).map(([key, v]) => [key, Array.isArray(v) ? v.map(String) : String(v)]),
        );
        const form = await multipart(fields);
        probes.push({ ...base, what: `form field ${field} = ${name}`, payload: form.payload, contentType: form.headers['content-type'], expect });
      }
    }
  }

  // the body as a whole
  if (spec.body) {
    const json = jsonOf(spec.body);
    const [firstField] = Object.entries(spec.fields!).find(([, kind]) => !kind({ x: 1 })) ?? [];
    const wholes: [string, string | undefined, string | undefined][] = [
      ['no body', undefined, undefined],
      ['an empty JSON body', '', 'application/json'],
      ['{}', '{}', 'application/json'],
      ['[]', '[]', 'application/json'],
      ['null', 'null', 'application/json'],
      ['a JSON string', '"text"', 'application/json'],
      ['a JSON number', '42', 'application/json'],
      ['malformed JSON', '{"a": ', 'application/json'],
      ['a trailing comma', `${json.slice(0, -1)},}`, 'application/json'],
      ['__proto__', `{"__proto__":{"isAdmin":true},${json.slice(1)}`, 'application/json'],
      ['a nested __proto__', `${json.slice(0, -1)},"x":{"__proto__":{"isAdmin":true}}}`, 'application/json'],
      ['constructor.prototype', `{"constructor":{"prototype":{"isAdmin":true}},${json.slice(1)}`, 'application/json'],
      ['text/plain', json, 'text/plain'],
      ['a form', 'a=1&b=2', 'application/x-www-form-urlencoded'],
      ['XML', '<a>1</a>', 'application/xml'],
      ['an unknown type', json, 'application/x-shop'],
      ['a broken multipart body', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', 'multipart/form-data; boundary=x'],
    ];
    // duplicate keys: JSON.parse keeps the last, here a bad one
    if (firstField) wholes.push(['a duplicate key, the last one bad', `${json.slice(0, -1)},"${firstField}":{"x":1}}`, 'application/json']);
    for (const [what, payload, contentType] of wholes) {
      const expect = what === '{}' && spec.emptyBodyValid ? '2xx' : '4xx';
      probes.push({ ...base, what: `body as ${what}`, ...(payload === undefined ? {} : { payload }), ...(contentType ? { contentType } : {}), expect });
    }
  }

  for (const extra of (await spec.extra?.()) ?? []) probes.push({ ...base, ...extra, what: `body with ${extra.what}`, expect: '4xx' });

  // one parameter at a time
  for (const name of Object.keys(params)) {
    for (const [label, value] of [...PARAM_VALUES, ...(name === '*' ? ([['a dot-dot escape', '../jwt-secret'], ['an encoded escape', '..%2f..%2fjwt-secret']] as [string, string][]) : [])]) {
      const url = urlFor(route, { ...params, [name]: value });
      probes.push({ ...base, url, what: `parameter ${name} = ${label}`, ...(spec.body ? { payload: jsonOf(spec.body), contentType: 'application/json' } : {}), expect: '4xx' });
    }
    // a malformed %-escape, not made by encodeURIComponent
    probes.push({ ...base, url: urlFor(route, params).replace(encodeURIComponent(params[name]!), '%E0%A4%A'), what: `parameter ${name} = a broken %-escape`, expect: '4xx' });
  }

  // one query key at a time: the route's own keys and one it does not know. A read with its valid base answers
  // 2xx for whatever is valid; a call that changes things is sent in a form that is refused (or harmless).
  const queryKinds: Record<string, QueryKind> = { ...spec.query, q: 'ignored' };
  const extraQueries: [string, string][] = [
    ['a duplicated page', 'page=1&page=2'],
    ['a __proto__ key', '__proto__=x&__proto__[isAdmin]=true'],
    ['a constructor key', 'constructor=x&constructor[prototype][isAdmin]=true'],
    ['a bracketed key', 'a[b][c]=d'],
    ['a broken %-escape', 'q=%E0%A4%A'],
  ];
  const probeQuery = (what: string, query: string, valid: boolean) => {
    if (isRead) {
      const probed = new Set([...new URLSearchParams(query).keys()]);
      const kept = Object.entries(spec.baseQuery ?? {}).filter(([key]) => !probed.has(key));
      const full = [...kept.map(([key, value]) => `${key}=${encodeURIComponent(value)}`), query].join('&');
      probes.push({ ...base, url: urlFor(route, params, full), what, expect: verdict(valid) });
      return;
    }
    const idleCaller: Caller = spec.caller === 'customer' ? 'idle' : spec.caller;
    const nothing = Object.fromEntries(Object.keys(params).map((key) => [key, randomUUID()]));
    probes.push({
      route,
      caller: idleCaller,
      url: urlFor(route, nothing, query),
      what,
      ...(spec.body ? { payload: '{}', contentType: 'application/json' } : {}),
      expect: spec.harmlessWhenIdle || spec.emptyBodyValid ? '2xx' : '4xx',
    });
  };
  for (const [key, kind] of Object.entries(queryKinds)) {
    // a route that reads no query gets a shorter list for its unknown key
    const values = spec.query ? QUERY_VALUES : QUERY_VALUES.filter(([label]) => ['1 MB', 'a NUL character', 'SQL', 'a script', '__proto__'].includes(label));
    for (const [label, value] of values) probeQuery(`query ${key} = ${label}`, `${key}=${encodeURIComponent(value)}`, queryValid(kind, value));
  }
  for (const [label, query] of extraQueries) probeQuery(`query with ${label}`, query, label !== 'a duplicated page' || !spec.query?.page);
  return probes;
}

async function send(probe: Probe) {
  const auth = sessions[probe.caller]?.auth ?? {};
  return app.inject({
    method: probe.route.method as 'GET',
    url: probe.url,
    headers: { ...auth, ...(probe.contentType ? { 'content-type': probe.contentType } : {}) },
    ...(probe.payload === undefined ? {} : { payload: probe.payload }),
  });
}

// ---- the tests -------------------------------------------------------------------------------------------

describe('the bad-input corpus', () => {
  it('has a way to call every API route', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => !specs[keyOf(route)]).map(keyOf)).toEqual([]);
  });

  it('refuses every invalid input with a 4xx and a message, answers valid reads 2xx, and changes nothing', async () => {
    const probes: Probe[] = [];
    for (const route of routes) probes.push(...(await probesFor(route, specs[keyOf(route)]!)));
    expect(probes.length).toBeGreaterThan(1500);

    const before = await fingerprint(app);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const check = async (probe: Probe) => {
      const response = await send(probe);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const label = `${probe.route.method} ${probe.route.url} with ${probe.what} (as ${probe.caller})`;
      const ok = probe.expect === '4xx' ? response.statusCode >= 400 && response.statusCode < 500 : response.statusCode >= 200 && response.statusCode < 300;
      if (!ok) {
        failures.push(`${label}: expected ${probe.expect}, got ${response.statusCode} ${response.body.slice(0, 160)}`);
        return;
      }
      if (probe.expect === '4xx') {
        try {
          expectMessage(response, label);
        } catch (error) {
          failures.push(String((error as Error).message).slice(0, 300));
        }
      }
    };
    // a few at a time: none of them may change anything, so their order does not matter
    for (let start = 0; start < probes.length; start += 8) await Promise.all(probes.slice(start, start + 8).map(check));
    if (process.env.SHOW_CORPUS) console.info(`bad-input corpus: ${probes.length} probes, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    const after = await fingerprint(app);
    expect(failures, `${failures.length} of ${probes.length} probes`).toEqual([]);
    expect(after).toEqual(before);
    // the corpus reached past the gates: refusals of many kinds, and valid reads
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 400, 404, 409, 413, 415]));
  // some 2,000 probes: 90 s on a quiet machine, past 180 s when the journeys and other runs share its two cores
  }, 420_000);
});

// ---- the pages ---------------------------------------------------------------------------------------------

// The server-rendered pages and the language switch read the address and the headers too. Their routes exist only
// with a page renderer: this app has the one made from the storefront's sources, built or not.
describe('the bad-input corpus on the pages', () => {
  const PUBLIC_URL = 'https://shop.example';
  const BACKS = [
    '/\t/evil.example', '/\r\n/evil.example', '/\\evil.example', '\\\\evil.example', '//evil.example', '/.//evil.example',
    'https://evil.example', 'javascript:alert(1)', 'data:text/html,x', 'https://shop.example@evil.example', '/%2F/evil.example',
    '/shop?category=فساتين', '/products/فستان', ARABIC, UNICODE, SQL, SCRIPT, LONG_10K, 'a\u0000b', '/\u0000', '', '%', '%E0%A4%A',
  ];
  const ACCEPT_LANGUAGES = [
    '', '*', 'ar', 'AR-eg', 'ar;q=0', 'ar;q=abc', 'en;q=0.1, ar;q=0.2', 'xx-YY', 'العربية', ';;;,,,', 'ar;q=1e309', `${'ar,'.repeat(2000)}en`,
    SQL, SCRIPT, '__proto__',
  ];
  const COOKIES = ['lang=ar', 'lang=xx', 'lang=ar; lang=en', 'lang=%00', 'lang=', `lang=${LONG_10K}`, 'lang="ar"', '=; ;='];
  // no 1 MB: over HTTP an address that long is refused before the shop sees it (Node reads 16 kB of headers)
  const PAGE_QUERY_VALUES = QUERY_VALUES.filter(([label]) => !['1 MB', '0', '12345', '1.5', 'Infinity'].includes(label));

  it('answers every probe below 500, logs no error, never sends a shopper off the shop and changes nothing', async () => {
    const errors: string[] = [];
    const { database } = await getTestContext();
    const pages = await buildApp({
      config: testConfig({ PUBLIC_URL }),
      database,
      logger: { level: 'error', stream: { write: (line: string) => errors.push(line.slice(0, 300)) } },
      pages: await sourcePages(),
    });
    await pages.ready();
    const product = await createProduct({ name: unique('Corpus Kaftan') });
    const productPath = `/products/${encodeURIComponent(product.name)}`;

    const probes: { url: string; headers?: Record<string, string> }[] = [];
    for (const lang of ['ar', 'en', 'xx', '%00']) {
      for (const back of BACKS) probes.push({ url: `/lang/${lang}?back=${encodeURIComponent(back)}` });
    }
    for (const raw of ['/%09/evil.example', '/%0d%0aSet-Cookie:%20x=1', '%2f%2fevil.example', '/%5cevil.example', '/%00', '/%D9%81', '/%FF']) {
      probes.push({ url: `/lang/ar?back=${raw}` });
    }
    probes.push({ url: '/lang/ar?back=/a&back=//evil.example' });
    for (const path of ['/products/%00', '/products/a%00b', '/products/%00/related', '/shop/%00', '/%00', '/about/%00', '/shop/search/%00']) probes.push({ url: path });
    // the shop and the search read their query; the other pages read none of it
    for (const path of ['/shop', '/shop/search']) {
      for (const key of ['gender', 'category', 'search', 'page', 'q']) {
        for (const [, value] of PAGE_QUERY_VALUES) probes.push({ url: `${path}?${key}=${encodeURIComponent(value)}` });
      }
    }
    for (const path of ['/', '/about', productPath]) {
      for (const [, value] of QUERY_VALUES.filter(([label]) => ['10 kB', 'a NUL character', 'SQL'].includes(label))) probes.push({ url: `${path}?search=${encodeURIComponent(value)}` });
    }
    for (const path of ['/', productPath]) {
      for (const language of ACCEPT_LANGUAGES) probes.push({ url: path, headers: { 'accept-language': language } });
      for (const cookie of COOKIES) probes.push({ url: path, headers: { cookie } });
    }
    for (const language of ACCEPT_LANGUAGES) probes.push({ url: '/api/products/no-such-product', headers: { 'accept-language': language } });

    const before = await fingerprint(app);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    try {
      for (let start = 0; start < probes.length; start += 8) {
        await Promise.all(probes.slice(start, start + 8).map(async ({ url, headers }) => {
          const response = await pages.inject({ method: 'GET', url, headers: headers ?? {} });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const label = `${url.slice(0, 120)} ${JSON.stringify(headers ?? {}).slice(0, 80)}`;
          if (response.statusCode >= 500) failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 160)}`);
          const location = response.headers.location;
          if (location !== undefined && new URL(String(location), PUBLIC_URL).origin !== PUBLIC_URL) failures.push(`${label}: sent to ${String(location)}`);
          if (response.statusCode >= 400 && !String(response.headers['content-type']).includes('text/html')) {
            try {
              expectMessage(response, label);
            } catch (error) {
              failures.push(String((error as Error).message).slice(0, 300));
            }
          }
        }));
      }
    } finally {
      await pages.close();
    }
    if (process.env.SHOW_CORPUS) console.info(`pages corpus: ${probes.length} probes, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(failures, `${failures.length} of ${probes.length} probes`).toEqual([]);
    expect(errors).toEqual([]);
    expect(await fingerprint(app)).toEqual(before);
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 303, 404]));
  }, 120_000);
});

describe('valid input that looks dangerous is just data', () => {
  it('searches in Arabic, Unicode, SQL and markup are valid searches that answer 200 and change nothing', async () => {
    const word = `قميص${Math.random().toString(36).replace(/[\d.]/g, '')}`;
    const arabic = await createProduct({ name: `${word} قطن`, description: 'قميص صيفي خفيف' });
    const before = await fingerprint(app);
    const found = await app.inject({ method: 'GET', url: `/api/products/shop?search=${encodeURIComponent(word)}` });
    expect(found.statusCode).toBe(200);
    expect(answerOf('shopProducts', found).map((p) => p._id)).toEqual([arabic._id]);
    for (const search of [UNICODE, SQL, SCRIPT, "'; select pg_sleep(5); --", 'a\u0000b', '%_%', '\\']) {
      const response = await app.inject({ method: 'GET', url: `/api/products/shop?search=${encodeURIComponent(search)}` });
      expect(response.statusCode, search).toBe(200);
      expect(Array.isArray(response.json())).toBe(true);
    }
    expect(await fingerprint(app)).toEqual(before);
  });

  it('stores product names in Arabic, Unicode and SQL verbatim and answers them verbatim', async () => {
    const { auth } = (await buildWorld()).admin.session;
    const category = (await createProduct()).category;
    for (const name of [`${ARABIC} ${unique('x')}`, `${UNICODE} ${unique('x')}`, `${SQL} ${unique('x')}`, `Robert'); DROP TABLE products;-- ${unique('x')}`]) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/products/add-product',
        headers: auth,
        payload: { name, description: SQL, price: 100, disCountPrecent: 0, gender: 'women', category, imageUrls: ['https://cdn.example.com/a.webp'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(answerOf('addProduct', created).name).toBe(name);
      const read = await app.inject({ method: 'GET', url: `/api/products/${encodeURIComponent(name)}` });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ name, description: SQL });
    }
  });

  it('takes -0 as a discount of 0, and "3" as a quantity of 3', async () => {
    const { auth } = (await buildWorld()).admin.session;
    const category = (await createProduct()).category;
    const name = unique('Minus zero');
    const created = await app.inject({
      method: 'POST',
      url: '/api/products/add-product',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: `{"name":${JSON.stringify(name)},"description":"d","price":100,"disCountPrecent":-0,"gender":"women","category":${JSON.stringify(category)},"imageUrls":["https://cdn.example.com/a.webp"]}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(Object.is(answerOf('addProduct', created).disCountPrecent, 0)).toBe(true);

    const customer = await createUser();
    const added = await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: customer.auth, payload: { product: answerOf('addProduct', created)._id, quantaty: '3' } });
    expect(added.statusCode).toBe(201);
    expect(answerOf('addToCart', added).quantaty).toBe(3);
  });

  it('reads duplicate JSON keys as JSON.parse does (the last wins) and validates that value', async () => {
    const customer = await createUser();
    const product = await createProduct();
    const response = await app.inject({
      method: 'POST',
      url: '/api/cart/add-cart',
      headers: { ...customer.auth, 'content-type': 'application/json' },
      payload: `{"product":"${product._id}","quantaty":"abc","quantaty":2}`,
    });
    expect(response.statusCode).toBe(201);
    const [row] = await app.db.select().from(cartItems).where(eq(cartItems.userId, customer.user._id));
    expect(row!.quantity).toBe(2);
  });

  it('registers a username in Arabic and answers it verbatim, never as an admin', async () => {
    const username = `${ARABIC.split(' ')[0]}-${Math.random().toString(36).slice(2, 8)}`;
    const email = `${unique('arabic').replace(/\s/g, '-')}@example.com`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username, email, password: 'كلمة سر طويلة', isAdmin: true }),
    });
    expect(response.statusCode).toBe(201);
    const [row] = await app.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ username, isAdmin: false });
  });
});
