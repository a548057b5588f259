// The accounts' rows of hers: the profile, the wishlist, the consent log and the sign-ins (PRODUCT section 9).
import { asc, count, eq } from 'drizzle-orm';
import { consentLog, recoveryCodes, signIns, users, wishlistItems } from '../../db/schema.ts';
import { paged, type PersonalData } from '../privacy/personal-data.ts';

export const profileData: PersonalData = {
  section: 'profile',
  async *rows(db, userId) {
    const [user] = await db
      .select({ id: users.id, username: users.username, email: users.email, role: users.role, createdAt: users.createdAt, twoFactorSecret: users.twoFactorSecret })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    const [codes] = await db.select({ left: count() }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const { twoFactorSecret, ...profile } = user;
    yield { ...profile, twoFactor: twoFactorSecret !== null, recoveryCodesLeft: codes?.left ?? 0 };
  },
};

export const wishlistData: PersonalData = {
  section: 'wishlist',
  rows: (db, userId) =>
    paged((limit, offset) => db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId)).orderBy(asc(wishlistItems.productId)).limit(limit).offset(offset)),
};

export const consentData: PersonalData = {
  section: 'consents',
  rows: (db, userId) =>
    paged((limit, offset) => db.select().from(consentLog).where(eq(consentLog.userId, userId)).orderBy(asc(consentLog.at), asc(consentLog.id)).limit(limit).offset(offset)),
};

export const signInData: PersonalData = {
  section: 'signIns',
  rows: (db, userId) =>
    paged((limit, offset) => db.select().from(signIns).where(eq(signIns.userId, userId)).orderBy(asc(signIns.at), asc(signIns.id)).limit(limit).offset(offset)),
};
