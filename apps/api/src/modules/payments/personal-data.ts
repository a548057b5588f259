// Her payments (PRODUCT section 9): exported without their client secrets; on erasure they stay with her orders (a
// refund may still name them), no longer tied to any account.
import { asc, eq } from 'drizzle-orm';
import { payments } from '../../db/schema.ts';
import { paged, type PersonalData } from '../privacy/personal-data.ts';

export const paymentData: PersonalData = {
  section: 'payments',
  rows: (db, userId) =>
    paged(async (limit, offset) => {
      const rows = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt), asc(payments.id)).limit(limit).offset(offset);
      return rows.map(({ clientSecret: _secret, ...payment }) => payment);
    }),
  async erase(tx, account) {
    await tx.update(payments).set({ userId: null }).where(eq(payments.userId, account.id));
  },
};
