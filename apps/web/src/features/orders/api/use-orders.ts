import type { Order } from '@shop/core/schemas';
import { apiGet } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

export function useMyOrders(userId: string | null) {
  return useQuery(userId ? `orders:${userId}` : null, (signal) =>
    apiGet<Order[]>(`/api/orders/${encodeURIComponent(userId ?? '')}`, signal),
  );
}

export function useOrder(orderId: string | null) {
  return useQuery(orderId ? `order:${orderId}` : null, (signal) =>
    apiGet<Order>(`/api/orders/single/${encodeURIComponent(orderId ?? '')}`, signal),
  );
}
