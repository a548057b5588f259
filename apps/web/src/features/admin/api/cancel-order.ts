import type { Order } from '@shop/core/schemas';
import { call } from '../../../lib/api-client.ts';
import { getQueryData, invalidateQueries, setQueryData } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';
import type { ListPage } from './date-sorted-page.ts';
import { adminOrderKey } from './get-order.ts';

const canceled = (order: Order, orderId: string): Order => (order._id === orderId ? { ...order, isCanceled: true } : order);

/**
 * Cancels one order. The API answers its first page of orders; the screens showing this order are patched
 * at once (the given list and the order's own view), then every admin orders list is read again.
 */
export async function cancelOrder(orderId: string, shownListKey?: string): Promise<void> {
  await call('cancelOrder', { params: { id: orderId } });
  if (shownListKey && getQueryData<ListPage<Order>>(shownListKey)) {
    setQueryData<ListPage<Order>>(shownListKey, (list) => ({ ...list!, items: list!.items.map((order) => canceled(order, orderId)) }));
  }
  if (getQueryData<Order>(adminOrderKey(orderId))) {
    setQueryData<Order>(adminOrderKey(orderId), (order) => canceled(order!, orderId));
  }
  invalidateQueries(`${ADMIN_KEY}orders`);
  // the customer's own lists, should this browser have cached them
  invalidateQueries('orders:');
  invalidateQueries(`order:${orderId}`);
}
