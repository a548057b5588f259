// Her asks to hear when a size is back (PRODUCT section 9): exported; they go with her account.
import { asc, eq } from 'drizzle-orm';
import { backInStockRequests } from '../../db/schema.ts';
import { paged, type PersonalData } from '../privacy/personal-data.ts';

export const backInStockData: PersonalData = {
  section: 'backInStock',
  rows: (db, userId) =>
    paged((limit, offset) =>
      db.select().from(backInStockRequests).where(eq(backInStockRequests.userId, userId)).orderBy(asc(backInStockRequests.createdAt), asc(backInStockRequests.id)).limit(limit).offset(offset),
    ),
};
