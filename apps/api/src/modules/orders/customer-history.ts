// A phone number's history at the shop (PRODUCT section 9): the person who packs sees that this number refused its
// last two parcels before she confirms a third. Orders are matched by the number's last ten digits, so 01012345678,
// +20 101 234 5678 and 201012345678 are one shopper (the expression index orders_phone_key_idx, migration 0034).
// `refused`: an order canceled after it was shipped (it came back from the door), or canceled as `returned` by its
// courier (back at the shop, even when its picked-up word was lost); `canceled`: any other canceled one.
import { sql } from 'drizzle-orm';
import type { CustomerHistory, Order } from '@shop/core/contract/orders';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** The key a phone number is matched by: its last ten digits. */
export const phoneKey = (phone: string): string => phone.replace(/\D/g, '').slice(-10);

/** A canceled order that reached the door: shipped before its cancel, or brought back by its courier. */
const REFUSED = sql.raw(`(history @> '[{"status":"shipped"}]'::jsonb or history @> '[{"reason":"returned"}]'::jsonb)`);

/** The history of each of these phone numbers, by their key; a number with no orders has zeros. */
export async function historiesOf(db: Db, phones: readonly string[]): Promise<Map<string, CustomerHistory>> {
  const keys = [...new Set(phones.map(phoneKey).filter((key) => key.length > 0))];
  const histories = new Map<string, CustomerHistory>(keys.map((key) => [key, { delivered: 0, refused: 0, canceled: 0 }]));
  if (keys.length === 0) return histories;
  const rows = await queryRows<{ key: string; delivered: string | number; refused: string | number; canceled: string | number }>(
    db,
    sql`select right(regexp_replace(phone_number, '\\D', '', 'g'), 10) as key,
          count(*) filter (where status = 'delivered') as delivered,
          count(*) filter (where status = 'canceled' and ${REFUSED}) as refused,
          count(*) filter (where status = 'canceled' and not ${REFUSED}) as canceled
        from orders
        where right(regexp_replace(phone_number, '\\D', '', 'g'), 10) in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})
        group by 1`,
  );
  for (const row of rows) histories.set(row.key, { delivered: Number(row.delivered), refused: Number(row.refused), canceled: Number(row.canceled) });
  return histories;
}

/** Staff and admin answers: each order with its phone's history. */
export async function withCustomerHistory(db: Db, list: readonly Order[]): Promise<Order[]> {
  const histories = await historiesOf(db, list.map((order) => order.phoneNumber));
  return list.map((order) => ({ ...order, customerHistory: histories.get(phoneKey(order.phoneNumber)) ?? { delivered: 0, refused: 0, canceled: 0 } }));
}
