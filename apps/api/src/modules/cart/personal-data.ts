// Her cart and the code applied to it (PRODUCT section 9): exported; both go with her account.
import { asc, eq } from 'drizzle-orm';
import { cartCoupons, cartItems } from '../../db/schema.ts';
import { paged, type PersonalData } from '../privacy/personal-data.ts';

export const cartData: PersonalData = {
  section: 'cart',
  rows: (db, userId) =>
    paged((limit, offset) => db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id)).limit(limit).offset(offset)),
};

export const cartCouponData: PersonalData = {
  section: 'cartCoupon',
  rows: (db, userId) => paged((limit, offset) => db.select().from(cartCoupons).where(eq(cartCoupons.userId, userId)).limit(limit).offset(offset)),
};
