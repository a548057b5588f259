import type { PlacedStatus } from '@shop/core/order-status';
import type { Order } from '@shop/core/contract/orders';
import { call } from '../../../lib/api-client.ts';
import { getQueryData, invalidateQueries, setQueryData } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';
import type { ListPage } from './date-sorted-page.ts';
import { adminOrderKey } from './get-order.ts';

/**
 * Moves one order to its next status (PUT /api/orders/status/{id}) and answers the API's sentence for the toast.
 * The screens showing this order are patched with the moved order at once (the given list and the order's own
 * view), then every admin orders list is read again (a filtered one may no longer hold it).
 */
export async function moveOrder(orderId: string, status: PlacedStatus, shownListKey?: string): Promise<string> {
  const { message, ...moved } = await call('moveOrder', { params: { id: orderId }, body: { status } });
  const withMove = (order: Order): Order => (order._id === orderId ? { ...order, ...moved, username: order.username } : order);
  if (shownListKey && getQueryData<ListPage<Order>>(shownListKey)) {
    setQueryData<ListPage<Order>>(shownListKey, (list) => ({ ...list!, items: list!.items.map(withMove) }));
  }
  if (getQueryData<Order>(adminOrderKey(orderId))) setQueryData<Order>(adminOrderKey(orderId), (order) => withMove(order!));
  invalidateQueries(`${ADMIN_KEY}orders`);
  // the customer's own lists, should this browser have cached them
  invalidateQueries('orders:');
  invalidateQueries(`order:${orderId}`);
  return message;
}
