import type { PaymentAnswerSchema } from '@shop/core/schemas';
import type { z } from 'zod';
import { apiSend } from '../../../lib/api-client.ts';

export type PaymentAnswer = z.infer<typeof PaymentAnswerSchema>;

/** Opens a card payment for the customer's cart; the server takes the amount from the cart, not from us. */
export async function createPayment(): Promise<PaymentAnswer> {
  return apiSend<PaymentAnswer>('POST', '/api/orders/payment', {});
}
