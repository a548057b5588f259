import type { OrderStatus } from '@shop/core/order-status';
import type { Order } from '@shop/core/contract/orders';
import { useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';
import { getDateSortedPage, type DateOrder, type ListPage } from './date-sorted-page.ts';

export type StatusFilter = OrderStatus | null;

export const adminOrdersKey = (order: DateOrder, page: number, status: StatusFilter = null) =>
  `${ADMIN_KEY}orders:${order}:${page}${status ? `:${status}` : ''}`;

export function useAdminOrders(page: number, order: DateOrder, status: StatusFilter = null) {
  return useQuery<ListPage<Order>>(
    adminOrdersKey(order, page, status),
    (signal) => getDateSortedPage('listOrders', page, order, signal, status ? { status } : {}),
    { staleMs: 15_000 },
  );
}
