// Her orders (PRODUCT section 9): exported whole, but for the guest token's hash; on erasure they stay, with their
// lines and money (the sales report and the books need them), and her name, email, phone and address are replaced.
import { asc, eq, sql } from 'drizzle-orm';
import { checkoutKeys, orders } from '../../db/schema.ts';
import { ERASED, paged, type PersonalData } from '../privacy/personal-data.ts';

export const orderData: PersonalData = {
  section: 'orders',
  rows: (db, userId) =>
    paged(async (limit, offset) => {
      const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt), asc(orders.id)).limit(limit).offset(offset);
      return rows.map(({ guestTokenHash: _hash, ...order }) => order);
    }),
  async erase(tx, account) {
    await tx
      .update(orders)
      .set({ userId: null, firstName: ERASED, secondName: ERASED, email: ERASED, phoneNumber: ERASED, city: ERASED, address: ERASED, guestTokenHash: null, clientIp: null, emailKey: null })
      .where(eq(orders.userId, account.id));
    // a checkout's kept answer is a copy of its order
    await tx.delete(checkoutKeys).where(sql`${checkoutKeys.buyer} = ${`user:${account.id}`}`);
  },
};
