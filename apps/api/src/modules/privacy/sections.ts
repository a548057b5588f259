// Every module's rows of a person, in the order her export writes them (PRODUCT section 9). A module that keeps rows
// of hers adds its PersonalData here; the API test plants a row in every table that names an
// account and fails while one of them is in no section.
import { consentData, profileData, signInData, wishlistData } from '../accounts/personal-data.ts';
import { auditData } from '../audit/personal-data.ts';
import { cartCouponData, cartData } from '../cart/personal-data.ts';
import { backInStockData } from '../catalog/personal-data.ts';
import { orderData } from '../orders/personal-data.ts';
import { paymentData } from '../payments/personal-data.ts';
import { cartReminderData } from '../reach/personal-data.ts';
import { returnData } from '../returns/personal-data.ts';
import { reviewData } from '../reviews/personal-data.ts';
import type { PersonalData } from './personal-data.ts';

export const PERSONAL_DATA: readonly PersonalData[] = [
  profileData,
  // her returns before her orders: their erase finds them by her orders, whose erase lets go of her id
  returnData,
  orderData,
  paymentData,
  reviewData,
  wishlistData,
  cartData,
  cartCouponData,
  cartReminderData,
  consentData,
  backInStockData,
  signInData,
  auditData,
];
