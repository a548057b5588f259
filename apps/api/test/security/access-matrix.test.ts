// Who may call what: every route the router holds, called as a visitor, as customer A on A's things, as
// customer A on customer B's things, as the shop's staff (on A's things) and as an admin (on A's things). A route
// without a row fails.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import { backInStockRequests, cartItems, consentLog, orders, payments, productSizes, products, reviews, users, wishlistItems } from '../../src/db/schema.ts';
import { TEST_PASSWORD, billing, buildAppWith, createProduct, sourcePages, unique } from '../helpers.ts';
import { answerOf } from '../client.ts';
import { buildWorld, expectMessage, fillParams, listRoutes, type Belongings, type RouteKey, type Session, type World } from './factories.ts';

type Role = 'visitor' | 'own' | 'other' | 'staff' | 'admin';
const ROLES: Role[] = ['visitor', 'own', 'other', 'staff', 'admin'];

interface Cell {
  role: Role;
  world: World;
  /** Who calls: nobody, customer A, the staff member, or the admin. */
  caller: Session | undefined;
  /** Whose things the call names: A's, except B's in the `other` column. */
  target: Belongings;
}

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

interface Row {
  /** Expected status: [visitor, A on A's, A on B's, staff, admin]. */
  expect: Expected;
  params?: (cell: Cell) => Record<string, string>;
  query?: string;
  body?: (cell: Cell) => unknown;
  /** What must hold afterwards beyond the status, e.g. that B's things are untouched. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one matrix reads every endpoint's answer; the typed test client will replace this
  check?: (cell: Cell, answer: Answer, payload: any) => Promise<void> | void;
}

// with the page routes whether or not the storefront has been built (its dist adds the static files' routes)
const app = await buildAppWith({}, { pages: await sourcePages() });
afterAll(() => app.close());
// a product whose only size is sold out: anyone signed in may ask to hear when it is back (decision 040)
const soldOut = await createProduct({ sizes: [{ size: 'M', stock: 0 }] });
type Expected = [number, number, number, number, number];
const EVERYONE: Expected = [200, 200, 200, 200, 200];
const ADMIN_ONLY: Expected = [401, 403, 403, 403, 200];
// the dashboard's orders and products (PRODUCT section 8)
const STAFF_OR_ADMIN: Expected = [401, 403, 403, 200, 200];
const OWNER_OR_ADMIN: Expected = [401, 200, 403, 403, 200];
/** The caller acts as the shop: staff or admin. */
const desk = (cell: Cell) => cell.role === 'staff' || cell.role === 'admin';

const productFields = (cell: Cell) => ({
  name: unique('Matrix Shirt'),
  description: 'Linen shirt.',
  price: 300,
  disCountPrecent: 0,
  gender: cell.world.product.gender,
  category: cell.world.product.category,
});

async function cartQuantity(itemId: string) {
  const [row] = await app.db.select({ quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.id, itemId));
  return row?.quantity;
}

async function inWishlist(userId: string, productId: string) {
  const rows = await app.db.select().from(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return rows.length === 1;
}

const notOwner = (cell: Cell) => cell.role !== 'own' && cell.role !== 'visitor';

const ROWS: Record<string, Row> = {
  'GET /api/health': { expect: EVERYONE },
  'GET /api/ready': { expect: EVERYONE },
  'GET /api/config': { expect: EVERYONE },
  'GET /api/openapi.json': { expect: EVERYONE },
  // Prometheus's exposition: nobody's while METRICS_TOKEN is unset (as here); with it, the token's holder's alone,
  // whatever account calls (metrics.test.ts)
  'GET /metrics': { expect: [404, 404, 404, 404, 404] },

  'POST /api/auth/login': {
    expect: EVERYONE,
    body: ({ target }) => ({ email: target.session.user.email, password: TEST_PASSWORD }),
  },
  'POST /api/auth/register': {
    expect: [201, 201, 201, 201, 201],
    body: () => {
      const handle = unique('matrix').replace(/\s/g, '-');
      return { username: handle, email: `${handle}@example.com`, password: 'a long password', isAdmin: true };
    },
    check: async (_cell, _answer, payload) => {
      const [row] = await app.db.select().from(users).where(eq(users.email, payload.email));
      expect(row!.isAdmin).toBe(false);
    },
  },

  // the same answer for every caller; the link goes to the account named by the email
  'POST /api/auth/forgot-password': { expect: EVERYONE, body: ({ target }) => ({ email: target.session.user.email }) },
  'POST /api/auth/reset-password': {
    expect: [400, 400, 400, 400, 400],
    body: () => ({ token: 'a-token-that-was-never-issued', password: 'a long password' }),
  },

  'GET /api/products': { expect: EVERYONE },
  'GET /api/products/shop': { expect: EVERYONE },
  'GET /api/products/bestsellers': { expect: EVERYONE },
  'GET /api/products/:x': { expect: EVERYONE, params: ({ world }) => ({ x: world.product._id }) },
  'GET /api/products/:x/related': { expect: EVERYONE, params: ({ world }) => ({ x: world.product.name }) },
  'GET /api/products/facets': { expect: EVERYONE },
  'GET /api/products/:x/reviews': { expect: EVERYONE, params: ({ world }) => ({ x: world.product._id }) },
  // only a customer whose order of it was delivered (nobody's here, the admin's included)
  'POST /api/products/:x/reviews': {
    expect: [401, 403, 403, 403, 403],
    params: ({ world }) => ({ x: world.product._id }),
    body: () => ({ rating: 5, title: 'Great', text: 'Fits well.', fit: 'true' }),
  },
  // the caller's own review, never B's (each of the world's accounts has one of the world's product)
  'GET /api/products/:x/reviews/mine': {
    expect: [401, 200, 200, 200, 200],
    params: ({ world }) => ({ x: world.product._id }),
    check: (cell, answer) => {
      if (cell.caller) expect(answerOf('myReview', answer).review?.user._id).toBe(cell.caller.user._id);
    },
  },
  'DELETE /api/reviews/:id': {
    expect: OWNER_OR_ADMIN,
    params: ({ target }) => ({ id: target.reviewId }),
    check: async (cell, answer) => {
      const rows = await app.db.select().from(reviews).where(eq(reviews.id, cell.target.reviewId));
      expect(rows.length).toBe(answer.statusCode === 200 ? 0 : 1);
    },
  },
  'POST /api/products/:x/notify': {
    expect: [401, 200, 200, 200, 200],
    params: () => ({ x: soldOut._id }),
    body: () => ({ size: 'M' }),
    check: async (cell, answer) => {
      if (!cell.caller) return;
      const rows = await app.db.select().from(backInStockRequests).where(and(eq(backInStockRequests.userId, cell.caller.user._id), eq(backInStockRequests.productId, soldOut._id)));
      expect(rows.length).toBe(answer.statusCode === 200 ? 1 : 0);
    },
  },
  'POST /api/products/add-product': {
    expect: [401, 403, 403, 403, 201],
    body: (cell) => ({ ...productFields(cell), imageUrls: ['https://cdn.example.com/matrix.webp'] }),
  },
  // staff edit a product's sizes and stock, nothing else (decision 051: security/limits.test.ts has the 403 of a staff
  // member's rename); the admin renames it too; adding and deleting stay the admin's
  'PUT /api/products/update/:x': {
    expect: STAFF_OR_ADMIN,
    params: ({ world }) => ({ x: world.product._id }),
    body: (cell) => {
      if (cell.role !== 'staff') return productFields(cell);
      const { name, description, price, disCountPrecent, gender, category } = cell.world.product;
      return { name, description, price, disCountPrecent, gender, category, sizes: [{ size: 'M', stock: 7 }] };
    },
    check: async (cell) => {
      const [row] = await app.db.select().from(products).where(eq(products.id, cell.world.product._id));
      expect(row!.name === cell.world.product.name).toBe(cell.role !== 'admin');
      const sizes = await app.db.select().from(productSizes).where(eq(productSizes.productId, cell.world.product._id));
      expect(sizes.some((size) => size.stock === 7)).toBe(cell.role === 'staff');
    },
  },
  'DELETE /api/products/delete/:x': {
    expect: ADMIN_ONLY,
    params: ({ world }) => ({ x: world.product._id }),
    check: async (cell) => {
      const rows = await app.db.select().from(products).where(eq(products.id, cell.world.product._id));
      expect(rows.length).toBe(cell.role === 'admin' ? 0 : 1);
    },
  },

  'GET /api/categories': { expect: EVERYONE },
  'POST /api/categories/add-category': { expect: [401, 403, 403, 403, 201], body: () => ({ title: unique('Matrix'), gender: 'men' }) },
  'PUT /api/categories/update/:id': { expect: ADMIN_ONLY, params: ({ world }) => ({ id: world.emptyCategory._id }), body: () => ({ titleAr: 'قسم' }) },
  'DELETE /api/categories/delete/:id': { expect: ADMIN_ONLY, params: ({ world }) => ({ id: world.emptyCategory._id }) },

  'GET /api/users': { expect: ADMIN_ONLY },
  // an admin's alone: making A staff changes A, nobody else's call does
  'PUT /api/users/:id/role': {
    expect: ADMIN_ONLY,
    params: ({ target }) => ({ id: target.session.user._id }),
    body: () => ({ role: 'staff' }),
    check: async (cell) => {
      const [row] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, cell.target.session.user._id));
      expect(row!.role).toBe(cell.role === 'admin' ? 'staff' : 'customer');
    },
  },
  'GET /api/users/profile/:x': {
    expect: OWNER_OR_ADMIN,
    // SPEC's client sends the username here
    params: ({ target }) => ({ x: target.session.user.username }),
    check: ({ target }, answer) => {
      if (answer.statusCode === 200) expect(answerOf('getProfile', answer)._id).toBe(target.session.user._id);
    },
  },
  'GET /api/users/profile/wishlist/:userId': {
    expect: OWNER_OR_ADMIN,
    params: ({ target }) => ({ userId: target.session.user._id }),
    check: ({ target }, answer) => {
      if (answer.statusCode === 200) expect(answerOf('getWishlist', answer)._id).toBe(target.session.user._id);
    },
  },
  // Acts on the caller's own wishlist; a user id in the body does not reach anyone else's.
  'PUT /api/users/wishlist': {
    expect: [401, 200, 200, 200, 200],
    body: ({ world, target }) => ({ productId: world.product._id, userId: target.session.user._id, user: target.session.user._id }),
    check: async (cell, answer) => {
      expect(await inWishlist(cell.target.session.user._id, cell.world.product._id)).toBe(cell.role !== 'own');
      if (answer.statusCode === 200) expect(answerOf('toggleWishlist', answer)._id).toBe(cell.caller!.user._id);
    },
  },
  // Always the caller's own password, never anyone else's: with a wrong current password nothing changes for anyone.
  // privacy (PRODUCT section 9): each signed-in caller's own data, consents and second step
  'GET /api/users/me/export': {
    expect: [401, 200, 200, 200, 200],
    check: (cell, answer) => {
      if (cell.caller) expect(JSON.parse(answer.body).profile.id).toBe(cell.caller.user._id);
    },
  },
  'DELETE /api/users/me': {
    expect: [401, 400, 400, 400, 400],
    body: () => ({ password: 'not the password' }),
    check: async (cell) => {
      const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, cell.target.session.user._id));
      expect(row).toBeDefined();
    },
  },
  'GET /api/users/me/consents': { expect: [401, 200, 200, 200, 200] },
  'PUT /api/users/me/consents': {
    expect: [401, 200, 200, 200, 200],
    body: () => ({ analytics: true }),
    check: async (cell) => {
      const others = await app.db.select().from(consentLog).where(eq(consentLog.userId, cell.world.b.session.user._id));
      expect(others).toEqual([]);
    },
  },
  // staff and admins set theirs up; none of the world's accounts has begun or turned it on
  'POST /api/users/me/2fa': { expect: [401, 403, 403, 200, 200] },
  'POST /api/users/me/2fa/enable': { expect: [401, 403, 403, 409, 409], body: () => ({ code: '123456' }) },
  'DELETE /api/users/me/2fa': { expect: [401, 409, 409, 409, 409], body: () => ({ password: TEST_PASSWORD, code: '123456' }) },
  'DELETE /api/users/:id/2fa': { expect: [401, 403, 403, 403, 409], params: ({ target }) => ({ id: target.session.user._id }) },
  'POST /api/auth/2fa': { expect: [400, 400, 400, 400, 400], body: () => ({ ticket: 'not.a-ticket', code: '123456' }) },
  'PUT /api/users/password': {
    expect: [401, 400, 400, 400, 400],
    body: () => ({ currentPassword: 'not the current password', newPassword: 'a long new password' }),
    check: async (cell) => {
      const [row] = await app.db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, cell.target.session.user._id));
      expect(row!.sessionVersion).toBe(0);
    },
  },
  // Only the user themself, not even an admin; isAdmin in the body is ignored. A new email needs the current password.
  'PUT /api/users/profile/update/:id': {
    expect: [401, 200, 403, 403, 403],
    params: ({ target }) => ({ id: target.session.user._id }),
    body: () => {
      const handle = unique('renamed').replace(/\s/g, '-');
      return { username: handle, email: `${handle}@example.com`, currentPassword: TEST_PASSWORD, isAdmin: true };
    },
    check: async (cell) => {
      const [row] = await app.db.select().from(users).where(eq(users.id, cell.target.session.user._id));
      expect(row!.isAdmin).toBe(cell.target.session.user.isAdmin);
      expect(row!.username === cell.target.session.user.username).toBe(cell.role !== 'own');
    },
  },

  'GET /api/cart': {
    expect: [401, 200, 200, 200, 200],
    check: (cell, answer) => {
      if (answer.statusCode !== 200) return;
      const own = cell.role === 'admin' ? cell.world.admin : cell.role === 'staff' ? cell.world.staff : cell.world.a;
      expect(answerOf('getCart', answer).map((item) => item._id)).toEqual([own.cartItemId]);
    },
  },
  'POST /api/cart/add-cart': {
    expect: [401, 201, 201, 201, 201],
    body: ({ world, target }) => ({ product: world.product._id, quantaty: 1, user: target.session.user._id }),
    check: async (cell) => {
      if (notOwner(cell)) expect(await cartQuantity(cell.target.cartItemId)).toBe(2);
    },
  },
  'PUT /api/cart/update/:id': {
    expect: [401, 200, 404, 404, 404],
    params: ({ target }) => ({ id: target.cartItemId }),
    body: () => ({ quantaty: '5' }),
    check: async (cell) => {
      expect(await cartQuantity(cell.target.cartItemId)).toBe(cell.role === 'own' ? 5 : 2);
    },
  },
  'DELETE /api/cart/delete/:id': {
    expect: [401, 200, 404, 404, 404],
    params: ({ target }) => ({ id: target.cartItemId }),
    check: async (cell) => {
      expect(await cartQuantity(cell.target.cartItemId)).toBe(cell.role === 'own' ? undefined : 2);
    },
  },
  'DELETE /api/cart/delete-all-cart': {
    expect: [401, 200, 200, 200, 200],
    check: async (cell) => {
      expect(await cartQuantity(cell.target.cartItemId)).toBe(cell.role === 'own' ? undefined : 2);
    },
  },

  // The order is always the caller's, from the caller's cart; `user` in the body is ignored.
  'POST /api/orders/new-order': {
    expect: [401, 201, 201, 201, 201],
    body: ({ world, target }) => ({
      ...billing(),
      user: target.session.user._id,
      wayForPayment: 'cash',
      totalPrice: '430.00',
      productId: [world.product._id],
      quantaties: [2],
    }),
    check: async (cell, answer) => {
      if (answer.statusCode !== 201) return;
      const [row] = await app.db.select().from(orders).where(eq(orders.id, answerOf('placeOrder', answer)._id));
      expect(row!.userId).toBe(cell.caller!.user._id);
      if (notOwner(cell)) expect(await cartQuantity(cell.target.cartItemId)).toBe(2);
    },
  },
  // The amount comes from the caller's cart (2 x 200 + 30 shipping), whatever the body says.
  'POST /api/orders/payment': {
    expect: [401, 200, 200, 200, 200],
    body: ({ target }) => ({ amount: 1, user: target.session.user._id }),
    check: async (cell, answer) => {
      if (answer.statusCode !== 200) return;
      expect(answerOf('createPayment', answer).amount).toBe(43_000);
      const [row] = await app.db.select().from(payments).where(eq(payments.id, answerOf('createPayment', answer).paymentIntentId));
      expect(row!.userId).toBe(cell.caller!.user._id);
    },
  },
  'GET /api/orders': { expect: STAFF_OR_ADMIN },
  // staff read any order: they pack and move them
  'GET /api/orders/single/:orderId': {
    expect: [401, 200, 403, 200, 200],
    params: ({ target }) => ({ orderId: target.orderId }),
  },
  'GET /api/orders/:userId': {
    expect: OWNER_OR_ADMIN,
    params: ({ target }) => ({ userId: target.session.user._id }),
    check: ({ target }, answer) => {
      if (answer.statusCode === 200) expect(answerOf('userOrders', answer).map((order) => order.user)).toEqual([target.session.user._id]);
    },
  },
  // An admin or staff cancels any order; a customer only their own (PRODUCT section 7).
  'PUT /api/orders/cancel/:id': {
    expect: [401, 200, 403, 200, 200],
    params: ({ target }) => ({ id: target.orderId }),
    check: async (cell, answer) => {
      const [row] = await app.db.select().from(orders).where(eq(orders.id, cell.target.orderId));
      expect(row!.isCanceled).toBe(desk(cell) || cell.role === 'own');
      expect(row!.status).toBe(row!.isCanceled ? 'canceled' : 'accepted');
      // a customer is answered their own orders, never the shop's
      if (cell.role === 'own') expect(answerOf('cancelOrder', answer).map((order) => order.user)).toEqual([cell.target.session.user._id]);
    },
  },
  'PUT /api/orders/status/:id': {
    expect: STAFF_OR_ADMIN,
    params: ({ target }) => ({ id: target.orderId }),
    body: () => ({ status: 'shipped' }),
    check: async (cell) => {
      const [row] = await app.db.select().from(orders).where(eq(orders.id, cell.target.orderId));
      expect(row!.status).toBe(desk(cell) ? 'shipped' : 'accepted');
    },
  },

  // A payment is confirmed only by the customer who started it.
  'POST /api/payments/sandbox/confirm': {
    expect: [401, 200, 404, 404, 404],
    body: ({ target }) => ({ client_secret: target.clientSecret, cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' }),
    check: async (cell) => {
      const [row] = await app.db.select().from(payments).where(eq(payments.id, cell.target.paymentId));
      expect(row!.status).toBe(cell.role === 'own' ? 'succeeded' : 'requires_payment_method');
    },
  },
  // Hidden from the OpenAPI document; signature-checked, and off unless Stripe is configured.
  'POST /api/payments/webhook': { expect: [404, 404, 404, 404, 404] },

  // The brand's settings: everyone reads them, only an admin changes them (an empty change, and a logo form without a
  // file, so the matrix leaves the shop as it was).
  'GET /api/settings': { expect: EVERYONE },
  'PUT /api/settings': { expect: ADMIN_ONLY, body: () => ({}) },
  'POST /api/settings/logo': { expect: [401, 403, 403, 403, 400] },

  // Delivery, discount codes, a cart's price, guests (PRODUCT section 8). A visitor prices a browser cart and orders as a
  // guest; the table and the codes are the admin's (a table refused by its check, so the matrix changes nothing).
  'GET /api/shipping': { expect: EVERYONE },
  'PUT /api/shipping': { expect: [401, 403, 403, 403, 400], body: () => [{ governorate: 'Atlantis' }] },
  'GET /api/coupons': { expect: ADMIN_ONLY },
  'POST /api/coupons': {
    expect: [401, 403, 403, 403, 201],
    body: () => ({ code: `MATRIX-${Math.random().toString(36).slice(2, 10)}`, kind: 'percent', value: 5, minSubtotal: 0, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null, active: true }),
  },
  'PUT /api/coupons/:id': {
    expect: [401, 403, 403, 403, 404],
    params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    body: () => ({ code: 'MATRIX-NONE', kind: 'percent', value: 5, minSubtotal: 0, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null, active: true }),
  },
  'DELETE /api/coupons/:id': { expect: [401, 403, 403, 403, 404], params: () => ({ id: '00000000-0000-4000-8000-000000000000' }) },
  'GET /api/cart/summary': { expect: [401, 200, 200, 200, 200] },
  'POST /api/cart/quote': { expect: EVERYONE, body: ({ world }) => ({ lines: [{ product: world.product._id, size: 'One size', quantity: 1 }] }) },
  'PUT /api/cart/coupon': { expect: [401, 400, 400, 400, 400], body: () => ({ code: 'NO-SUCH-CODE' }) },
  'DELETE /api/cart/coupon': { expect: [401, 200, 200, 200, 200] },
  'POST /api/cart/merge': { expect: [401, 200, 200, 200, 200], body: () => ({ lines: [] }) },
  'POST /api/orders/guest': {
    expect: [201, 201, 201, 201, 201],
    body: ({ world }) => ({ ...billing({ email: `matrix-guest-${Math.random().toString(36).slice(2, 10)}@example.com` }), lines: [{ product: world.product._id, size: 'One size', quantity: 1 }] }),
  },
  // Paymob's calls: this app's provider is the sandbox, where they are not offered to anyone (paymob.test.ts calls
  // them on a Paymob shop: a customer's checkout with their token, a guest's with lines, the callback signed)
  'POST /api/orders/checkout': {
    expect: [404, 404, 404, 404, 404],
    body: ({ world }) => ({ ...billing(), method: 'card', lines: [{ product: world.product._id, size: 'One size', quantity: 1 }] }),
  },
  // finishing an order's Paymob payment from its page: not offered here either (paymob.test.ts: her own order alone)
  'POST /api/orders/:id/pay': { expect: [404, 404, 404, 404, 404], params: ({ target }) => ({ id: target.orderId }), body: () => ({}) },
  'POST /api/payments/paymob/callback': { expect: [404, 404, 404, 404, 404], body: () => ({ type: 'TRANSACTION', obj: {} }) },
  'GET /api/payments/paymob/return': { expect: [404, 404, 404, 404, 404], query: 'shop_order=00000000-0000-4000-8000-000000000000' },
  // any provider's by its name: the sandbox takes no callback and sends nobody back
  'POST /api/payments/:provider/webhook': { expect: [404, 404, 404, 404, 404], params: () => ({ provider: 'sandbox' }), body: () => ({}) },
  // WhatsApp's webhook: this app has no WhatsApp settings, so it is nobody's (whatsapp.test.ts calls it on a shop that
  // has them: Meta's verify token, its signature)
  'GET /api/whatsapp/webhook': { expect: [404, 404, 404, 404, 404], query: 'hub.mode=subscribe&hub.verify_token=x&hub.challenge=1' },
  'POST /api/whatsapp/webhook': { expect: [404, 404, 404, 404, 404], body: () => ({ object: 'whatsapp_business_account', entry: [] }) },
  'GET /api/payments/:provider/return': { expect: [404, 404, 404, 404, 404], params: () => ({ provider: 'sandbox' }), query: 'shop_order=00000000-0000-4000-8000-000000000000' },
  // a guest's order is read with its token alone: without it, nobody (the admin reads it as any order)
  'GET /api/orders/guest/:id': { expect: [404, 404, 404, 404, 404], params: ({ target }) => ({ id: target.orderId }) },
  'POST /api/orders/guest/:id/account': { expect: [404, 404, 404, 404, 404], params: ({ target }) => ({ id: target.orderId }), body: () => ({ password: 'a-good-password' }) },
  // the confirmation link's: only with the token derived for that order (order-confirmation.test.ts)
  'GET /api/orders/:id/confirm': { expect: [404, 404, 404, 404, 404], params: ({ target }) => ({ id: target.orderId }) },
  'POST /api/orders/:id/confirm': { expect: [404, 404, 404, 404, 404], params: ({ target }) => ({ id: target.orderId }), body: () => ({ token: 'x'.repeat(43), answer: 'confirm' }) },
  // returns and exchanges (returns.test.ts): A's order is not delivered, so A's ask is a 409; another's order 403; a
  // visitor without the order's token 404; staff read any order's returns; the desk's steps name no return (404)
  'POST /api/orders/:id/returns': {
    expect: [404, 409, 403, 403, 403],
    params: ({ target }) => ({ id: target.orderId }),
    body: ({ world }) => ({ kind: 'refund', lines: [{ product: world.product._id, size: 'M', quantity: 1, reason: 'too-small' }] }),
  },
  'GET /api/orders/:id/returns': { expect: [404, 200, 403, 200, 200], params: ({ target }) => ({ id: target.orderId }) },
  'GET /api/returns': { expect: STAFF_OR_ADMIN },
  'PUT /api/returns/:id': { expect: [401, 403, 403, 404, 404], params: () => ({ id: '00000000-0000-4000-8000-000000000046' }), body: () => ({ status: 'approved' }) },
  'PUT /api/returns/:id/refund': { expect: [401, 403, 403, 404, 404], params: () => ({ id: '00000000-0000-4000-8000-000000000046' }), body: () => ({ method: 'cash', reference: 'R-1' }) },
  // the desk logs a call; A's order needs no confirmation (written as before it existed), so the desk's call is a 409
  'POST /api/orders/:id/confirmation': { expect: [401, 403, 403, 409, 409], params: ({ target }) => ({ id: target.orderId }), body: () => ({ outcome: 'confirmed', note: '' }) },
  // shipping with a courier (shipping.test.ts): the desk's calls; this app has no courier set up, so the desk hears so (409)
  'POST /api/orders/:id/shipment': { expect: [401, 403, 403, 409, 409], params: ({ target }) => ({ id: target.orderId }), body: () => ({}) },
  'POST /api/shipments': { expect: [401, 403, 403, 409, 409], body: ({ target }) => ({ orders: [target.orderId] }) },
  'GET /api/orders/:id/shipment/waybill': { expect: [401, 403, 403, 409, 409], params: ({ target }) => ({ id: target.orderId }) },
  'POST /api/shipments/pickup': { expect: [401, 403, 403, 409, 409], body: () => ({ date: '2030-01-08', parcels: 1 }) },
  // the courier's cash is the owner's desk, as the sales report
  'GET /api/reports/cod': { expect: ADMIN_ONLY, query: 'from=2026-01-01&to=2026-01-31' },
  // a courier's webhook: only the configured courier's (none here)
  'POST /api/shipping/:courier/webhook': { expect: [404, 404, 404, 404, 404], params: () => ({ courier: 'bosta' }), body: () => ({ trackingNumber: 1, state: 21, timeStamp: 0 }) },

  // The owner's desk: the admin's alone.
  'GET /api/reports/sales': { expect: ADMIN_ONLY, query: 'from=2026-01-01&to=2026-01-31' },
  'GET /api/audit': { expect: ADMIN_ONLY },
  'GET /api/orders/export.csv': { expect: ADMIN_ONLY, query: 'from=2026-01-01&to=2026-01-31' },
  'GET /api/products/export.csv': { expect: ADMIN_ONLY },
  // without a file: the admin's answer is 400
  'POST /api/products/import': { expect: [401, 403, 403, 403, 400] },

  // The job queue's failed jobs: the admin's alone (a job that is not there: 404, so the matrix retries nothing).
  'GET /api/jobs/failed': { expect: ADMIN_ONLY },
  'POST /api/jobs/:id/retry': { expect: [401, 403, 403, 403, 404], params: () => ({ id: '999999999' }) },

  // Where shoppers are (PRODUCT section 9): the Marketing screen is the admin's; the product feeds answer their token
  // alone (none is set here: no feed, 404); the unsubscribe link answers its token alone (none sent: 400).
  'GET /api/marketing': { expect: ADMIN_ONLY },
  'GET /feeds/meta.csv': { expect: [404, 404, 404, 404, 404] },
  'GET /feeds/google.xml': { expect: [404, 404, 404, 404, 404] },
  'GET /api/marketing/unsubscribe': { expect: [400, 400, 400, 400, 400] },
  'POST /api/marketing/unsubscribe': { expect: [400, 400, 400, 400, 400] },

  // Uploaded product images are public files.
  'GET /images/*': { expect: EVERYONE, params: () => ({}) },

  // The navbar's language switch: anyone, back to the page named (the pages themselves are rows by rule, below).
  'GET /lang/:lang': {
    expect: [303, 303, 303, 303, 303],
    params: () => ({ lang: 'ar' }),
    check: (_cell, answer) => expect(answer.headers.location).toBe('/'),
  },
};

const IMAGE_NAME = 'security-matrix-800.webp';
writeFileSync(path.join(app.config.imagesDir, IMAGE_NAME), Buffer.from('RIFF\0\0\0\0WEBPVP8 '));

/** The row for a route: API routes by exact key (a trailing slash is the same route); storefront files by rule. */
function rowFor(route: RouteKey): Row | undefined {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
  const row = ROWS[`${method} ${url}`];
  if (row) return row;
  // The built storefront: static files and the page shell, public and read-only.
  if (method === 'GET' && !url.startsWith('/api') && !url.startsWith('/images')) return { expect: EVERYONE };
  return undefined;
}

function urlOf(route: RouteKey, cell: Cell, row: Row): string {
  if (route.url === '/images/*') return `/images/${IMAGE_NAME}`;
  // the server-rendered product page (present when the storefront is built): a public page like the others
  if (route.url === '/products/:productName') return `/products/${encodeURIComponent(cell.world.product.name)}`;
  if (route.url.endsWith('*')) return route.url.replace('*', 'favicon.svg'); // the storefront's files
  const url = fillParams(route.url, row.params?.(cell) ?? {});
  return row.query ? `${url}?${row.query}` : url;
}

const routes = listRoutes(app);
// Reads share one world; every call that may change something gets a world of its own.
const readOnlyWorld = await buildWorld();

describe('the access-control matrix', () => {
  it('lists the routes from the router, with a row for each and no row without a route', () => {
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((route) => !rowFor(route)).map((route) => `${route.method} ${route.url}`);
    expect(missing, 'routes without a row in the access matrix').toEqual([]);
    const keys = new Set(routes.map((route) => `${route.method} ${route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url}`));
    expect(Object.keys(ROWS).filter((key) => !keys.has(key)), 'rows for routes that do not exist').toEqual([]);
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', async (_name, route) => {
    const row = rowFor(route);
    expect(row, 'this route has no row in the access matrix').toBeDefined();
    for (const [index, role] of ROLES.entries()) {
      // a visitor is refused before anything happens (and if not, this cell fails), so it can share one too
      const shared = route.method === 'GET' || route.method === 'HEAD' || role === 'visitor';
      const world = shared ? readOnlyWorld : await buildWorld();
      const caller = role === 'visitor' ? undefined : role === 'own' || role === 'other' ? world.a.session : world[role].session;
      const cell: Cell = { role, world, caller, target: role === 'other' ? world.b : world.a };
      const payload = row!.body?.(cell);
      const response = await app.inject({
        method: route.method as 'GET',
        url: urlOf(route, cell, row!),
        headers: caller?.auth ?? {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      const context = `${route.method} ${route.url} as ${role}`;
      expect(response.statusCode, `${context}: ${response.body.slice(0, 200)}`).toBe(row!.expect[index]);
      // nothing ever answers with a password hash
      expect(response.body).not.toMatch(/password_?hash|\$argon2/i);
      if (route.method !== 'HEAD' && response.statusCode >= 400) {
        const message = expectMessage(response, context);
        if (response.statusCode === 401) expect(message).toBe(MESSAGES.tokenMissing);
        if (response.statusCode === 403) expect([MESSAGES.adminOnly, MESSAGES.staffOnly, MESSAGES.notYours, MESSAGES.reviewNotReceived, MESSAGES.twoFactorStaffOnly]).toContain(message);
      }
      if (route.method !== 'HEAD') await row!.check?.(cell, response, payload);
    }
  });
});
