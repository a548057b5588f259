import type { Governorate } from '@shop/core/constants';
import type { AnswerOf } from '@shop/core/endpoints';
import { call } from '../../../lib/api-client.ts';

export type PaymentAnswer = AnswerOf<'createPayment'>;

/** What the payment is priced for: the governorate delivered to and the code (PRODUCT section 8). */
export interface PaymentPricing {
  governorate: Governorate;
  couponCode: string | null;
}

/** Opens a card payment for the customer's cart; the server takes the amount from the cart, not from us. */
export async function createPayment({ governorate, couponCode }: PaymentPricing): Promise<PaymentAnswer> {
  return call('createPayment', { body: { governorate, ...(couponCode ? { couponCode } : {}) } });
}
