import type { AnswerOf } from '@shop/core/endpoints';
import { call } from '../../../lib/api-client.ts';

export type PaymentAnswer = AnswerOf<'createPayment'>;

/** Opens a card payment for the customer's cart; the server takes the amount from the cart, not from us. */
export async function createPayment(): Promise<PaymentAnswer> {
  return call('createPayment', { body: {} });
}
