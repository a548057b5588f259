import type { CallOutcome, Order } from '@shop/core/contract/orders';
import { call, callPage } from '../../../lib/api-client.ts';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';
import type { ListPage } from './date-sorted-page.ts';

// The confirmation queue (PRODUCT section 9): cash orders waiting for their shopper's yes, oldest first, each with its
// phone's history at the shop; staff log what each call came to.
const QUEUE_KEY = `${ADMIN_KEY}orders:confirmations`;
const QUEUE_SIZE = 50;

export const useConfirmationQueue = () =>
  useQuery<ListPage<Order>>(QUEUE_KEY, (signal) => callPage('listOrders', { query: { confirmation: 'pending', limit: QUEUE_SIZE }, signal }) as Promise<ListPage<Order>>, {
    staleMs: 0,
  });

/** Logs a call's outcome with its note; answers the API's sentence, and every orders list is read again. */
export async function logCall(orderId: string, outcome: CallOutcome, note: string): Promise<string> {
  const { message } = await call('logConfirmation', { params: { id: orderId }, body: { outcome, note } });
  invalidateQueries(`${ADMIN_KEY}orders`);
  invalidateQueries(`${ADMIN_KEY}order:`);
  return message;
}
