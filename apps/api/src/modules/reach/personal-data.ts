// The reminders of her carts left behind (PRODUCT section 9): exported; they go with her account.
import { asc, eq } from 'drizzle-orm';
import { cartReminders } from '../../db/schema.ts';
import { paged, type PersonalData } from '../privacy/personal-data.ts';

export const cartReminderData: PersonalData = {
  section: 'cartReminders',
  rows: (db, userId) =>
    paged((limit, offset) =>
      db.select().from(cartReminders).where(eq(cartReminders.userId, userId)).orderBy(asc(cartReminders.queuedAt), asc(cartReminders.step)).limit(limit).offset(offset),
    ),
};
