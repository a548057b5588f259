import type { Order } from '@shop/core/contract/orders';
import { call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

/**
 * A customer's newest order, whose billing details fill her checkout (issue 42): her orders as My Orders reads them
 * (the same query, newest first), null until they are read or when she has none. A visitor has none.
 */
export function useLastOrder(userId: string | null): Order | null {
  const orders = useQuery(userId ? `orders:${userId}` : null, (signal) => call('userOrders', { params: { userId: userId ?? '' }, signal }));
  return orders.data?.[0] ?? null;
}
