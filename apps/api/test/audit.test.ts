// The audit trail (PRODUCT section 8): every change made from the dashboard writes its row in the same transaction, with
// who, when, and the changed fields before and after; a refused change writes none; orders' history says who moved them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntity } from '@shop/core/constants';
import type { AuditEntry } from '@shop/core/contract/reports';
import type { Product } from '@shop/core/contract/catalog';
import { auditEntries } from '../src/db/schema.ts';
import { api } from './client.ts';
import { createAdmin, createCategory, createOrder, createProduct, createStaff, createUser, getApp } from './helpers.ts';

/** The rows about one thing, oldest first. */
async function rowsAbout(entityId: string) {
  const app = await getApp();
  return app.db.select().from(auditEntries).where(eq(auditEntries.entityId, entityId)).orderBy(auditEntries.at);
}

const fieldsOf = (product: Product) => ({
  name: product.name, description: product.description, price: product.price, disCountPrecent: product.disCountPrecent,
  gender: product.gender, category: product.category,
});

describe('the audit trail', () => {
  it("records each order move with who made it, and the order's history says who", async () => {
    const staff = await createStaff();
    const admin = await createAdmin();
    const shopper = await createUser();
    const order = await createOrder(shopper.user, [{ product: await createProduct(), quantity: 1 }]);
    await api('moveOrder', { params: { id: order._id }, body: { status: 'shipped' }, token: staff.token });
    await api('cancelOrder', { params: { id: order._id }, token: admin.token });

    const rows = await rowsAbout(order._id);
    expect(rows.map(({ actorId, actorUsername, entity, action, before, after }) => ({ actorId, actorUsername, entity, action, before, after }))).toEqual([
      { actorId: staff.user._id, actorUsername: staff.user.username, entity: 'order', action: 'move', before: { status: 'accepted' }, after: { status: 'shipped' } },
      { actorId: admin.user._id, actorUsername: admin.user.username, entity: 'order', action: 'move', before: { status: 'shipped' }, after: { status: 'canceled' } },
    ]);
    const { answer } = await api('getOrder', { params: { orderId: order._id }, token: admin.token });
    expect(answer.history.slice(-2).map(({ status, by }) => ({ status, by }))).toEqual([
      { status: 'shipped', by: staff.user.username },
      { status: 'canceled', by: admin.user.username },
    ]);
  });

  it("says a customer's own cancel was the customer's, and writes no dashboard row for it", async () => {
    const shopper = await createUser();
    const order = await createOrder(shopper.user, [{ product: await createProduct(), quantity: 1 }]);
    expect((await api('cancelOrder', { params: { id: order._id }, token: shopper.token })).status).toBe(200);
    const { answer } = await api('getOrder', { params: { orderId: order._id }, token: shopper.token });
    expect(answer.history.at(-1)).toMatchObject({ status: 'canceled', by: 'customer' });
    expect(await rowsAbout(order._id)).toEqual([]);
  });

  it('writes nothing for a move that is refused', async () => {
    const admin = await createAdmin();
    const order = await createOrder((await createUser()).user, [{ product: await createProduct(), quantity: 1 }]);
    expect((await api('moveOrder', { params: { id: order._id }, body: { status: 'delivered' }, token: admin.token })).status).toBe(409);
    expect(await rowsAbout(order._id)).toEqual([]);
  });

  it("records a product's creation, its price and stock changes (only what changed) and its deletion", async () => {
    const admin = await createAdmin();
    const staff = await createStaff();
    const category = await createCategory();
    const added = await api('addProduct', {
      body: { name: `Audit Shirt ${Date.now()}`, description: 'Linen.', price: 300, disCountPrecent: 0, gender: category.gender, category: category.title, imageUrls: ['https://cdn.example.com/a.webp'], sizes: JSON.stringify([{ size: 'M', stock: 5 }]) },
      token: admin.token,
    });
    expect(added.status).toBe(201);
    const product = added.answer;
    // the price is the admin's, the stock the staff's (decision 051: staff changing the price is refused, and recorded nowhere)
    await api('updateProduct', { params: { x: product._id }, body: { ...fieldsOf(product), price: 350 }, token: admin.token });
    expect((await api('updateProduct', { params: { x: product._id }, body: { ...fieldsOf(product), price: 1 }, token: staff.token })).status).toBe(403);
    await api('updateProduct', { params: { x: product._id }, body: { ...fieldsOf(product), price: 350, sizes: [{ size: 'M', stock: 2 }] }, token: staff.token });
    // a save that changes nothing records nothing
    await api('updateProduct', { params: { x: product._id }, body: { ...fieldsOf(product), price: 350 }, token: staff.token });
    // a refused save (the stock moved since the form was opened) records nothing
    const stale = await api('updateProduct', { params: { x: product._id }, body: { ...fieldsOf(product), price: 350, sizes: [{ size: 'M', stock: 9, loadedStock: 5 }] }, token: staff.token });
    expect(stale.status).toBe(409);
    await api('deleteProduct', { params: { x: product._id }, token: admin.token });

    const rows = await rowsAbout(product._id);
    expect(rows.map((row) => [row.actorUsername, row.action])).toEqual([
      [admin.user.username, 'create'],
      [admin.user.username, 'update'],
      [staff.user.username, 'update'],
      [admin.user.username, 'delete'],
    ]);
    expect(rows[0]!.after).toMatchObject({ name: product.name, price: 300, sizes: [{ size: 'M', stock: 5 }] });
    expect(rows[1]).toMatchObject({ entity: 'product', before: { price: 300 }, after: { price: 350 } });
    expect(Object.keys(rows[1]!.after!)).toEqual(['price']);
    expect(rows[2]).toMatchObject({ entity: 'product', before: { sizes: [{ size: 'M', stock: 5 }] }, after: { sizes: [{ size: 'M', stock: 2 }] } });
    expect(Object.keys(rows[2]!.after!)).toEqual(['sizes']);
    expect(rows[3]).toMatchObject({ before: { name: product.name, price: 350 }, after: null });
  });

  it('records categories, settings and roles', async () => {
    const admin = await createAdmin();
    const shopper = await createUser();
    const category = await api('addCategory', { body: { title: `Audit ${Date.now()}`, gender: 'men' }, token: admin.token });
    await api('deleteCategory', { params: { id: category.answer._id }, token: admin.token });
    expect((await rowsAbout(category.answer._id)).map((row) => [row.entity, row.action])).toEqual([['category', 'create'], ['category', 'delete']]);

    await api('setRole', { params: { id: shopper.user._id }, body: { role: 'staff' }, token: admin.token });
    expect(await rowsAbout(shopper.user._id)).toMatchObject([
      { entity: 'user', action: 'role', actorId: admin.user._id, before: { username: shopper.user.username, role: 'customer' }, after: { role: 'staff' } },
    ]);

    const { answer: settings } = await api('getSettings');
    const tagline = `Audited ${Date.now()}`;
    await api('updateSettings', { body: { tagline }, token: admin.token });
    const { answer: list } = await api('listAudit', { query: { entity: 'settings', limit: 100 }, token: admin.token });
    const mine = list.find((entry) => entry.after?.tagline === tagline);
    expect(mine).toMatchObject({ actor: { _id: admin.user._id, username: admin.user.username }, entity: 'settings', action: 'update', before: { tagline: settings.tagline } });
    expect(Object.keys(mine!.after!)).toEqual(['tagline']);
    // a refused change (a colour too light to read) records nothing
    const before = (await api('listAudit', { query: { entity: 'settings' }, token: admin.token })).headers['x-total-count'];
    expect((await api('updateSettings', { payload: { accentColor: '#ffff00' }, token: admin.token })).status).toBe(400);
    expect((await api('listAudit', { query: { entity: 'settings' }, token: admin.token })).headers['x-total-count']).toBe(before);
    await api('updateSettings', { body: { tagline: settings.tagline }, token: admin.token });
  });
});

describe('GET /api/audit', () => {
  it('lists newest first, by kind of thing, paged and counted; refuses an unknown kind', async () => {
    const admin = await createAdmin();
    const order = await createOrder((await createUser()).user, [{ product: await createProduct(), quantity: 1 }]);
    await api('moveOrder', { params: { id: order._id }, body: { status: 'shipped' }, token: admin.token });
    await api('moveOrder', { params: { id: order._id }, body: { status: 'delivered' }, token: admin.token });

    const { answer, headers } = await api('listAudit', { query: { entity: 'order', limit: 100 }, token: admin.token });
    expect(answer.every((entry: AuditEntry) => entry.entity === ('order' satisfies AuditEntity))).toBe(true);
    expect(Number(headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const mine = answer.filter((entry) => entry.entityId === order._id);
    expect(mine.map((entry) => entry.after)).toEqual([{ status: 'delivered' }, { status: 'shipped' }]);
    // an order's entries name it by its number, as the dashboard does
    expect(mine.map((entry) => entry.orderNumber)).toEqual([order.number, order.number]);
    const times = answer.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await api('listAudit', { query: { limit: 1 }, token: admin.token })).answer).toHaveLength(1);

    const bad = await api('listAudit', { rawQuery: { entity: 'coupon-ish' }, token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'entity must be one of order, product, category, settings, user, coupon, shipping, review, job' });
  });
});
