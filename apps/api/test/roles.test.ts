// Staff and roles (PRODUCT section 8): an admin sets a role, `isAdmin` stays true exactly for admins, the shop never
// loses its last admin, and every admin of an older database stays one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import { MESSAGES_AR } from '@shop/core/messages.ar';
import { setRole } from '../src/modules/accounts/users.ts';
import { insertUser } from '../src/scripts/factories.ts';
import { api } from './client.ts';
import { TEST_PASSWORD, createAdmin, createOrder, createProduct, createStaff, createUser, appOnEmptyDatabase, scratchDatabase, signedIn, unique } from './helpers.ts';

describe('PUT /api/users/{id}/role', () => {
  it('makes a customer staff, then an admin, then a customer again; isAdmin follows the role and the login says it', async () => {
    const admin = await createAdmin();
    const shopper = await createUser();

    const toStaff = await api('setRole', { params: { id: shopper.user._id }, body: { role: 'staff' }, token: admin.token });
    expect(toStaff.status).toBe(200);
    expect(toStaff.answer).toMatchObject({ _id: shopper.user._id, role: 'staff', isAdmin: false, message: 'Role updated' });
    const login = signedIn((await api('login', { body: { email: shopper.user.email, password: TEST_PASSWORD } })).answer);
    expect(login).toMatchObject({ role: 'staff', isAdmin: false });

    // a new role ends every session from before it (PRODUCT section 9); the new session opens the orders, not the users
    expect((await api('listOrders', { token: shopper.token })).body).toEqual({ message: MESSAGES.tokenInvalid });
    expect((await api('listOrders', { token: login.token })).status).toBe(200);
    expect((await api('listUsers', { token: login.token })).body).toEqual({ message: 'Only an admin can do this' });

    const toAdmin = await api('setRole', { params: { id: shopper.user._id }, body: { role: 'admin' }, token: admin.token });
    expect(toAdmin.answer).toMatchObject({ role: 'admin', isAdmin: true });
    expect((await api('listUsers', { token: login.token })).status).toBe(401);
    const asAdmin = signedIn((await api('login', { body: { email: shopper.user.email, password: TEST_PASSWORD } })).answer);
    const users = await api('listUsers', { query: { limit: 100 }, token: asAdmin.token });
    expect(users.answer.find((user) => user._id === shopper.user._id)).toMatchObject({ role: 'admin', isAdmin: true });

    const back = await api('setRole', { params: { id: shopper.user._id }, body: { role: 'customer' }, token: admin.token });
    expect(back.answer).toMatchObject({ role: 'customer', isAdmin: false });
    const asCustomer = signedIn((await api('login', { body: { email: shopper.user.email, password: TEST_PASSWORD } })).answer);
    expect((await api('listOrders', { token: asCustomer.token })).body).toEqual({ message: "Only the shop's staff can do this" });
  });

  it('keeps the sessions of an account whose role is set to the one it has', async () => {
    const admin = await createAdmin();
    const staff = await createStaff();
    expect((await api('setRole', { params: { id: staff.user._id }, body: { role: 'staff' }, token: admin.token })).status).toBe(200);
    expect((await api('listOrders', { token: staff.token })).status).toBe(200);
  });

  it('refuses a role that does not exist, an unknown user, and anyone but an admin', async () => {
    const admin = await createAdmin();
    const staff = await createStaff();
    const shopper = await createUser();
    const bad = await api('setRole', { params: { id: shopper.user._id }, payload: { role: 'owner' }, token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'role must be one of customer, staff, admin' });
    const missing = await api('setRole', { params: { id: '00000000-0000-4000-8000-000000000000' }, body: { role: 'staff' }, token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'User not found' });
    const byStaff = await api('setRole', { params: { id: staff.user._id }, body: { role: 'admin' }, token: staff.token });
    expect(byStaff.status).toBe(403);
    expect(byStaff.body).toEqual({ message: 'Only an admin can do this' });
  });

  it('lets staff read and move any order and change the stock of a product, not its price nor add one, nor read users or change settings', async () => {
    const staff = await createStaff();
    const product = await createProduct({ price: 100 });
    const order = await createOrder((await createUser()).user, [{ product, quantity: 1 }]);
    expect((await api('getOrder', { params: { orderId: order._id }, token: staff.token })).status).toBe(200);
    const moved = await api('moveOrder', { params: { id: order._id }, body: { status: 'shipped' }, token: staff.token });
    expect(moved.answer).toMatchObject({ status: 'shipped' });
    const edited = await api('updateProduct', {
      params: { x: product._id },
      body: { ...product, sizes: [{ size: 'M', stock: 4 }] },
      token: staff.token,
    });
    expect(edited.status).toBe(200);
    expect(edited.answer).toMatchObject({ price: 100, sizes: [{ size: 'M', stock: 4 }] });
    const repriced = await api('updateProduct', { params: { x: product._id }, body: { ...product, price: 120 }, token: staff.token });
    expect(repriced.status).toBe(403);
    expect((await api('deleteProduct', { params: { x: product._id }, token: staff.token })).status).toBe(403);
    expect((await api('updateSettings', { body: { name: 'Staff shop' }, token: staff.token })).status).toBe(403);
    expect((await api('listUsers', { token: staff.token })).status).toBe(403);
  });
});

describe('the last admin', () => {
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await close?.();
  });

  it('cannot be demoted, even by two admins demoting each other at once (409 with a sentence, in Arabic too)', async () => {
    const own = await appOnEmptyDatabase();
    close = own.close;
    const { app } = own;
    const adminRow = async () => {
      const handle = unique('boss').replace(/\s/g, '-');
      const row = await insertUser(app.db, { username: handle, email: `${handle}@example.com`, passwordHash: 'x', role: 'admin' });
      return { id: row.id, token: app.signToken(row) };
    };
    const only = await adminRow();
    const alone = await api('setRole', { app, params: { id: only.id }, body: { role: 'staff' }, token: only.token });
    expect(alone.status).toBe(409);
    expect(alone.body).toEqual({ message: 'The shop needs at least one admin: make someone else an admin first' });
    const inArabic = await api('setRole', { app, params: { id: only.id }, body: { role: 'customer' }, token: only.token, headers: { 'accept-language': 'ar' } });
    expect(inArabic.body).toEqual({ message: MESSAGES_AR.lastAdmin });

    // two admins demoted at the same moment (the module's call, past the tokens' checks): one is, the other is refused
    const second = await adminRow();
    const outcomes = await Promise.allSettled([setRole(app.db, second.id, 'customer'), setRole(app.db, only.id, 'staff')]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ message: MESSAGES.lastAdmin });
    const { rows } = await app.database.pool.query<{ admins: number }>("select count(*)::int as admins from users where role = 'admin' and is_admin");
    expect(rows[0]!.admins).toBe(1);
  });
});

describe('migration 0011_staff_roles', () => {
  it('makes every admin of an older database an admin and everyone else a customer, and keeps is_admin from the role', async () => {
    const scratch = await scratchDatabase();
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    const statements = (file: string) => readFileSync(path.resolve(import.meta.dirname, '../src/db/migrations', file), 'utf8').split('--> statement-breakpoint');
    try {
      for (const file of ['0000_init.sql', '0001_sizes_and_stock.sql', '0002_status_and_history.sql', '0003_password_reset.sql']) {
        for (const statement of statements(file)) await db.query(statement);
      }
      await db.query(`insert into users (username, email, password_hash, is_admin) values ('boss', 'boss@example.com', 'x', true), ('mona', 'mona@example.com', 'x', false)`);
      for (const statement of statements('0011_staff_roles.sql')) await db.query(statement);
      const { rows } = await db.query<{ username: string; role: string; is_admin: boolean }>('select username, role, is_admin from users order by username');
      expect(rows).toEqual([
        { username: 'boss', role: 'admin', is_admin: true },
        { username: 'mona', role: 'customer', is_admin: false },
      ]);
      await db.query(`update users set role = 'staff' where username = 'boss'`);
      expect((await db.query(`select is_admin from users where username = 'boss'`)).rows[0]).toEqual({ is_admin: false });
      await expect(db.query(`update users set role = 'owner'`)).rejects.toThrow(/users_role_check/);
    } finally {
      await db.end();
      await scratch.drop();
    }
  });
});
