// Her returns (PRODUCT section 9, decision 065): exported with her orders; on erasure they stay with the orders (the
// books need what went back), her own words (the note) cleared. Runs before the orders' erase, which lets go of her id.
import { asc, eq, inArray } from 'drizzle-orm';
import { orders, returns } from '../../db/schema.ts';
import { paged, type PersonalData } from '../privacy/personal-data.ts';

export const returnData: PersonalData = {
  section: 'returns',
  rows: (db, userId) =>
    paged(async (limit, offset) => {
      const rows = await db
        .select({ row: returns })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .where(eq(orders.userId, userId))
        .orderBy(asc(returns.createdAt), asc(returns.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ row }) => row);
    }),
  async erase(tx, account) {
    const hers = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, account.id));
    await tx.update(returns).set({ note: '' }).where(inArray(returns.orderId, hers));
  },
};
