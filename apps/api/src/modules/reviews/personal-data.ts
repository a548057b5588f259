// Her reviews (PRODUCT section 9): exported; on erasure they stay, their author gone ("Former customer", reviews.ts).
import { asc, eq } from 'drizzle-orm';
import { reviews } from '../../db/schema.ts';
import { paged, type PersonalData } from '../privacy/personal-data.ts';

export const reviewData: PersonalData = {
  section: 'reviews',
  rows: (db, userId) =>
    paged((limit, offset) => db.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(asc(reviews.createdAt), asc(reviews.id)).limit(limit).offset(offset)),
  // the account's delete sets their user_id to null (ON DELETE SET NULL); nothing else of hers is in them
};
