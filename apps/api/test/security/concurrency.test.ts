// Races: many requests at once for the same cart line, the same checkout, the same username or email: they really
// overlap (a pool of connections).
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import { cartItems, orders, users } from '../../src/db/schema.ts';
import { billing, createProduct, createUser, getApp, unique } from '../helpers.ts';

const app = await getApp();

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});

describe('parallel requests', () => {
  it('20 adds of the same product to one cart give one line with the sum of the quantities', async () => {
    const customer = await createUser();
    const product = await createProduct({ price: 100 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: customer.auth, payload: { product: product._id, quantaty: 1 } }),
      ),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 201: 20 });
    const lines = await app.db.select().from(cartItems).where(eq(cartItems.userId, customer.user._id));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(20);
  });

  it('the quantity of a line stays capped at 99 however many adds race', async () => {
    const customer = await createUser();
    const product = await createProduct();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: customer.auth, payload: { product: product._id, quantaty: 9 } }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    const lines = await app.db.select().from(cartItems).where(eq(cartItems.userId, customer.user._id));
    expect(lines.map((line) => line.quantity)).toEqual([99]);
  });

  it('20 checkouts of one cart give one order (201) and 19 clear 409s', async () => {
    const customer = await createUser();
    const product = await createProduct({ price: 150 });
    const added = await app.inject({ method: 'POST', url: '/api/cart/add-cart', headers: customer.auth, payload: { product: product._id, quantaty: 2 } });
    expect(added.statusCode).toBe(201);
    const body = { ...billing(), wayForPayment: 'cash', totalPrice: '330.00', productId: [product._id], quantaties: [2] };

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: 'POST', url: '/api/orders/new-order', headers: customer.auth, payload: body })),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 201: 1, 409: 19 });
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(answer.json()).toEqual({ message: MESSAGES.cartEmpty });

    const [placed] = await app.db.select({ value: count() }).from(orders).where(eq(orders.userId, customer.user._id));
    expect(placed!.value).toBe(1);
    const [order] = await app.db.select().from(orders).where(eq(orders.userId, customer.user._id));
    expect(order!.totalPiastres).toBe(33_000);
    expect(order!.lines).toHaveLength(1);
    expect(await app.db.select().from(cartItems).where(eq(cartItems.userId, customer.user._id))).toEqual([]);
  });

  it('10 users renaming themselves to the same new username: one winner, nine clear 409s', async () => {
    const customers = await Promise.all(Array.from({ length: 10 }, () => createUser()));
    const wanted = unique('wanted').replace(/\s/g, '-');
    const answers = await Promise.all(
      customers.map(({ user, auth }) =>
        app.inject({ method: 'PUT', url: `/api/users/profile/update/${user._id}`, headers: auth, payload: { username: wanted, email: user.email } }),
      ),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 200: 1, 409: 9 });
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(answer.json()).toEqual({ message: MESSAGES.usernameTaken });
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const owners = await app.db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${wanted})`);
    expect(owners).toEqual([{ id: customers[winner]!.user._id }]);
  });

  it('10 registrations with the same email: one account (201), nine 409s', async () => {
    const email = `${unique('same').replace(/\s/g, '-')}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { username: unique(`racer${i}`).replace(/\s/g, '-'), email, password: 'a long enough password' },
        }),
      ),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 201: 1, 409: 9 });
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(answer.json()).toEqual({ message: MESSAGES.emailTaken });
    const accounts = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
  }, 60_000);
});
