import { call } from '../../../lib/api-client.ts';

/** Asks to be mailed once when the product's sold-out size is back (decision 040); answers the shop's sentence. */
export async function askBackInStock(productId: string, size: string): Promise<string> {
  const answer = await call('notifyBackInStock', { params: { x: productId }, body: { size } });
  return answer.message;
}
