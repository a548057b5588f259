// A data directory written by the embedded database of before (PGlite in DATA_DIR/pglite) is moved into the embedded
// PostgreSQL on the first start (src/db/pglite-move.ts): every row of every table and the migration history, the old
// folder kept under another name, and the shop then works on the moved data as it did before.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import type { Product } from '@shop/core/contract/catalog';
import type { Db } from '../src/db/client.ts';
import { runningEmbeddedPostgres } from '../src/db/embedded.ts';
import { insertCartItem, insertOrder, insertWishlistItem } from '../src/scripts/factories.ts';
import { migrationsFolder } from '../src/db/migrate.ts';
import { productSizes, products, schema, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemo } from '../src/scripts/seed.ts';
import { toProduct } from '../src/modules/wire.ts';
import { diskStorage, ProductImages } from '../src/modules/images/storage.ts';
import { newOrderBody } from './helpers.ts';
import { call, serversGone, startShop } from './shop-process.ts';

type Queryable = { query<T>(text: string): Promise<{ rows: T[] }> };

/** Every row of every table of the shop, and drizzle's migration history, as text: what must arrive unchanged. */
async function everything(db: Queryable): Promise<Record<string, string[]>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
  );
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ line: string }>(`select row_to_json(t)::text as line from ${name} t`);
    all[name] = rows.map((row) => row.line).sort();
  }
  return all;
}

// The shops started here run the embedded PostgreSQL whatever the run's database: once, on the embedded run.
describe.runIf(inject('testDatabase') === 'embedded')('a data directory of the PGlite days', () => {
  it('is moved into PostgreSQL on the first start: every table, every row, the migration history; the old folder kept; the demo customer logs in and orders', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-pglite-'));

    // what the shop of before wrote on its first start and while it was used: migrations, the demo shop, an order
    const old = await PGlite.create(path.join(dataDir, 'pglite'));
    const db = drizzle(old, { schema }) as unknown as Db;
    await migrate(drizzle(old), { migrationsFolder: migrationsFolder() });
    await seedDemo(db, new ProductImages(diskStorage(path.join(dataDir, 'images'))));
    const [customer] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
    const [first, second] = (await db.select().from(products).limit(2)).map((row) => toProduct({ ...row, sizes: [] })) as [Product, Product];
    await insertOrder(db, customer!.id, [{ product: first, quantity: 2 }]);
    // a size in stock, so that the cart's line can be ordered after the move
    const [size] = await db.select().from(productSizes).where(and(eq(productSizes.productId, second._id), or(isNull(productSizes.stock), gt(productSizes.stock, 5)))).limit(1);
    await insertCartItem(db, { userId: customer!.id, productId: second._id, quantity: 1, size: size!.size });
    await insertWishlistItem(db, { userId: customer!.id, productId: first._id });
    const before = await everything(old);
    await old.close();
    expect(before['public.orders']).toHaveLength(1);
    expect(before['public.products']!.length).toBeGreaterThan(40);
    expect(before['drizzle.__drizzle_migrations']!.length).toBeGreaterThan(3);

    const shop = await startShop({ DATA_DIR: dataDir });
    try {
      expect(shop.output()).toContain(`moved the embedded database from ${path.join(dataDir, 'pglite')} (PGlite) into PostgreSQL`);
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
      const kept = readdirSync(dataDir).filter((name) => name.startsWith('pglite-moved-'));
      expect(kept).toHaveLength(1);
      expect(shop.output()).toContain(`The old folder is kept as ${path.join(dataDir, kept[0]!)}`);
      expect(existsSync(path.join(dataDir, kept[0]!, 'PG_VERSION'))).toBe(true);

      const client = new pg.Client(runningEmbeddedPostgres(dataDir)!);
      await client.connect();
      try {
        expect(await everything(client)).toEqual(before);
      } finally {
        await client.end();
      }

      // the demo customer's password, order and cart came along, and the shop takes a new order
      const login = await call<{ token: string; _id: string }>(shop.url, 'POST', '/api/auth/login', { body: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password } });
      expect(login.status).toBe(200);
      const { token } = login.body;
      expect((await call<unknown[]>(shop.url, 'GET', `/api/orders/${login.body._id}`, { token })).body).toHaveLength(1);
      const cart = await call<{ quantaty: number }[]>(shop.url, 'GET', '/api/cart', { token });
      expect(cart.body).toHaveLength(1);
      const product = (await call<Product>(shop.url, 'GET', `/api/products/${second._id}`)).body;
      const placed = await call(shop.url, 'POST', '/api/orders/new-order', { token, body: newOrderBody([{ product, quantity: 1 }]) });
      expect([placed.status, placed.body.message]).toEqual([201, 'Your order has been placed']);
      expect((await call<unknown[]>(shop.url, 'GET', `/api/orders/${login.body._id}`, { token })).body).toHaveLength(2);
      const listing = await call<unknown[]>(shop.url, 'GET', '/api/products?limit=5');
      expect([listing.status, listing.body.length]).toEqual([200, 5]);
    } finally {
      await shop.stop();
    }
    expect(await shop.exited).toEqual({ code: 0, signal: null });
    expect(await serversGone(path.join(dataDir, 'postgres'), 5000)).toEqual([]);

    // the next start finds nothing to move
    const again = await startShop({ DATA_DIR: dataDir });
    expect(again.output()).not.toContain('moved the embedded database');
    expect(await again.stop()).toEqual({ code: 0, signal: null });
  }, 180_000);
});
