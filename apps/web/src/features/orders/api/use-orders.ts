import { call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

export function useMyOrders(userId: string | null) {
  return useQuery(userId ? `orders:${userId}` : null, (signal) => call('userOrders', { params: { userId: userId ?? '' }, signal }));
}

export function useOrder(orderId: string | null) {
  return useQuery(orderId ? `order:${orderId}` : null, (signal) => call('getOrder', { params: { orderId: orderId ?? '' }, signal }));
}
