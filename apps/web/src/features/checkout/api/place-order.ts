import type { AnswerOf, BodyOf } from '@shop/core/endpoints';
import { call } from '../../../lib/api-client.ts';
import { invalidateQueries } from '../../../lib/query.ts';

export async function placeOrder(body: BodyOf<'placeOrder'>, idempotencyKey: string): Promise<AnswerOf<'placeOrder'>> {
  const answer = await call('placeOrder', { body, headers: { 'Idempotency-Key': idempotencyKey } });
  // her orders were read for the checkout's details (last-order.ts): My Orders must not show them without this one
  invalidateQueries('orders:');
  return answer;
}
