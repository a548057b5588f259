import type { AnswerOf, BodyOf } from '@shop/core/endpoints';
import { call } from '../../../lib/api-client.ts';

export async function placeOrder(body: BodyOf<'placeOrder'>, idempotencyKey: string): Promise<AnswerOf<'placeOrder'>> {
  return call('placeOrder', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
