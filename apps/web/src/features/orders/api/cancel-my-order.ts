import { call } from '../../../lib/api-client.ts';
import { invalidateQueries, setQueryData } from '../../../lib/query.ts';

/**
 * The customer cancels their own order while it is accepted (PUT /api/orders/cancel/{id}). The API answers the
 * customer's orders, which become the My Orders list at once; the order's own page is read again.
 */
export async function cancelMyOrder(userId: string, orderId: string): Promise<void> {
  const mine = await call('cancelOrder', { params: { id: orderId } });
  setQueryData(`orders:${userId}`, mine);
  const canceled = mine.find((order) => order._id === orderId);
  if (canceled) setQueryData(`order:${orderId}`, canceled);
  else invalidateQueries(`order:${orderId}`);
}
