// One table lock must not stall the whole shop (issue 41): an outside session holds `LOCK TABLE orders` for longer
// than the pool's lock and statement timeouts. Orders fail fast with 503, Retry-After and the shop's sentence, and what
// does not touch orders (login, the categories, /api/ready) keeps answering 200 meanwhile, though the pool is smaller
// than the orders in flight. On a database of its own: the lock would stall every other test file's orders.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import { arabicOf } from '@shop/core/messages.ar';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { insertCartItem, insertCategory, insertProduct, insertUser } from '../src/scripts/factories.ts';
import { toProduct } from '../src/modules/wire.ts';
import { newOrderBody, scratchDatabase, testConfig } from './helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long the outside session holds the lock: well past the pool's timeouts, and past what a loaded machine adds. */
const LOCK_HELD_MS = 5000;

describe('an outside LOCK TABLE orders', () => {
  it('fails orders fast with 503 and says why, while login, categories and readiness answer 200', async () => {
    const scratch = await scratchDatabase();
    // three connections for four orders: what was a pool filled by waiting orders
    const database = await openDatabase({ databaseUrl: scratch.url, poolMax: 3, statementTimeoutMs: 1500, lockTimeoutMs: 700 });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    const holder = new pg.Client({ connectionString: scratch.url });
    try {
      await runMigrations(database);
      await app.ready();
      const password = 'table-lock-password';
      const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'lock-customer', email: 'lock@example.com', password } });
      expect(registered.statusCode).toBe(201);
      const category = await insertCategory(database.db, { title: 'Locked', gender: 'women' });
      const product = toProduct(
        await insertProduct(database.db, { name: 'Lock-proof dress', price: 200, categoryRow: { id: category.id, title: category.title, gender: category.gender, titleAr: null } }),
      );
      app.catalogChanged();
      const customers = await Promise.all(
        [1, 2, 3, 4].map(async (n) => {
          const row = await insertUser(database.db, { username: `lock-${n}`, email: `lock-${n}@example.com`, passwordHash: 'not a real hash' });
          await insertCartItem(database.db, { userId: row.id, productId: product._id, quantity: 1 });
          return { authorization: `Bearer ${app.signToken(row)}` };
        }),
      );
      const order = (auth: Record<string, string>, language = 'en') =>
        app.inject({ method: 'POST', url: '/api/orders/new-order', headers: { ...auth, 'accept-language': language }, payload: newOrderBody([{ product, quantity: 1 }]) });

      await holder.connect();
      await holder.query('begin');
      await holder.query('lock table orders in access exclusive mode');
      const lockedAt = Date.now();
      const timed = async <T>(work: Promise<T>) => {
        const answer = await work;
        return { answer, ms: Date.now() - lockedAt };
      };
      const orders = customers.map((auth, n) => timed(order(auth, n === 0 ? 'ar' : 'en')));
      await sleep(100); // the orders hold the pool's connections, waiting on the lock
      const [login, categories, ready] = await Promise.all([
        timed(app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'lock@example.com', password } })),
        timed(app.inject({ method: 'GET', url: '/api/categories' })),
        timed(app.inject({ method: 'GET', url: '/api/ready' })),
      ]);
      const refused = await Promise.all(orders);
      // every answer came while the lock was held, which it still is, past the timeouts
      await sleep(Math.max(0, LOCK_HELD_MS - (Date.now() - lockedAt)));
      await holder.query('commit');

      expect([login.answer.statusCode, categories.answer.statusCode, ready.answer.statusCode]).toEqual([200, 200, 200]);
      expect(refused.map(({ answer }) => answer.statusCode)).toEqual([503, 503, 503, 503]);
      expect(refused.map(({ answer }) => answer.headers['retry-after'])).toEqual(['2', '2', '2', '2']);
      expect(refused[0]!.answer.json()).toEqual({ message: arabicOf(MESSAGES.busyNothingSaved) });
      expect(refused[1]!.answer.json()).toEqual({ message: MESSAGES.busyNothingSaved });
      // fast: each order within its lock wait and a wait for a connection (0.7 s each, here), never the lock's length
      for (const { ms } of refused) expect(ms).toBeLessThan(LOCK_HELD_MS - 1000);

      // the lock gone, the same order goes through: nothing of the refused one was kept
      expect((await order(customers[1]!)).statusCode).toBe(201);
    } finally {
      await holder.end().catch(() => {});
      await app.close();
      await database.close();
      await scratch.drop();
    }
  }, 60_000);
});
