// A database that cannot write, as when its disk is full (issue 25): the shopper reads the shop's sentence, the
// balancer sees the process not ready, and the log keeps none of the customer's details. The database refuses
// with SQLSTATE 53100 (disk_full) the way PostgreSQL and the embedded engine do on ENOSPC ("could not extend
// file"), raised here by a trigger on the test customer's orders only.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import { arabicOf } from '@shop/core/messages.ar';
import { billing, buildAppWithLog, createCartItem, createProduct, createUser, getTestContext, newOrderBody } from './helpers.ts';
import { account, uniqueHandle } from '@shop/core/factories';
import type { App } from '../src/app.ts';
import { insertUser } from '../src/scripts/factories.ts';
import { loggableError } from '../src/lib/logged-error.ts';

async function refuseOrdersOf(userId: string, name: string) {
  const { database } = await getTestContext();
  await database.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file "base/5/16385": No space left on device' using errcode = 'disk_full', hint = 'Check free disk space.';
      end $$`),
  );
  await database.db.execute(
    sql.raw(`create trigger ${name} before insert on orders for each row when (new.user_id = '${userId}') execute function ${name}()`),
  );
  return async () => {
    await database.db.execute(sql.raw(`drop trigger ${name} on orders`));
    await database.db.execute(sql.raw(`drop function ${name}()`));
  };
}

describe('a database that cannot write (a full disk)', () => {
  let app: App;
  let log: () => string;

  beforeAll(async () => ({ app, log } = await buildAppWithLog({})));
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  it('answers 503 with the shop\'s sentence, is not ready meanwhile, logs no personal data, and is ready again once the disk is freed', async () => {
    const { user, auth } = await createUser();
    const product = await createProduct({ price: 150 });
    await createCartItem(user, product, 1);
    const customer = billing({
      firstName: 'Nadia',
      secondName: 'Fullerton',
      email: `${uniqueHandle('nadia.fullerton')}@example.com`,
      phoneNumber: '01198765432',
      city: 'Heliopolis',
      address: '7 Korba Passage',
    });
    const order = () => app.inject({ method: 'POST', url: '/api/orders/new-order', headers: auth, payload: newOrderBody([{ product, quantity: 1 }], customer) });
    const ready = () => app.inject({ method: 'GET', url: '/api/ready' });

    const allowWrites = await refuseOrdersOf(user._id, uniqueHandle('refuse_orders').replace(/\W/g, '_'));
    try {
      const refused = await order();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: MESSAGES.cannotSave });
      const refusedInArabic = await app.inject({
        method: 'POST',
        url: '/api/orders/new-order',
        headers: { ...auth, 'accept-language': 'ar' },
        payload: newOrderBody([{ product, quantity: 1 }], customer),
      });
      expect(refusedInArabic.json()).toEqual({ message: arabicOf(MESSAGES.cannotSave) });

      await expect(ready().then((r) => [r.statusCode, r.json()])).resolves.toEqual([503, { message: MESSAGES.cannotSave }]);
    } finally {
      await allowWrites();
    }

    const written = log();
    for (const detail of [customer.firstName, customer.secondName, customer.email, customer.phoneNumber, customer.city, customer.address]) {
      expect(written).not.toContain(detail);
    }
    // what an operator needs: the statement, the SQLSTATE and the table
    const logged = written.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { err?: Record<string, string> });
    expect(logged.filter((line) => line.err).map((line) => line.err)).toEqual([
      expect.objectContaining({ code: '53100', table: 'orders', query: expect.stringMatching(/^insert into "orders"/) }),
      expect.objectContaining({ code: '53100', table: 'orders', query: expect.stringMatching(/^insert into "orders"/) }),
    ]);

    // no write has been refused for a while: ready again, and the order goes through
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    expect((await ready()).statusCode).toBe(200);
    expect((await order()).statusCode).toBe(201);
  });

  it('writes any database error without the values of its statement (a unique violation names the email in its detail)', async () => {
    const { database } = await getTestContext();
    const { username, email } = account();
    await insertUser(database.db, { username, email, passwordHash: 'not a real hash' });
    const failed = await insertUser(database.db, { username, email, passwordHash: 'not a real hash' }).catch((error: unknown) => error);

    const logged = JSON.stringify(loggableError(failed));
    expect(logged).not.toContain(username);
    expect(JSON.parse(logged)).toMatchObject({ code: '23505', table: 'users', query: expect.stringMatching(/^insert into "users"/) });
  });
});
