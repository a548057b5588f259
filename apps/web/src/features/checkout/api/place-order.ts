import type { NewOrderBody, Order } from '@shop/core/schemas';
import { apiSend } from '../../../lib/api-client.ts';

export async function placeOrder(body: NewOrderBody, idempotencyKey: string): Promise<Order & { message?: string }> {
  return apiSend<Order & { message?: string }>('POST', '/api/orders/new-order', body, { 'Idempotency-Key': idempotencyKey });
}
