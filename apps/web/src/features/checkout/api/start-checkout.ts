import type { AnswerOf, BodyOf } from '@shop/core/endpoints';
import { call } from '../../../lib/api-client.ts';

export type CheckoutAnswer = AnswerOf<'checkout'>;

/**
 * Writes the order awaiting its payment through Paymob and opens the payment (PRODUCT section 4): a customer's cart
 * (their token goes with every call), or a guest's `lines`. A 503 wrote nothing; a 400 or 409 says what changed.
 */
export async function startCheckout(body: BodyOf<'checkout'>, idempotencyKey: string): Promise<CheckoutAnswer> {
  return call('checkout', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
