import type { OrderStatus } from '@shop/core/order-status';
import type { Order } from '@shop/core/contract/orders';
import { useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';
import { getDateSortedPage, type DateOrder, type ListPage } from './date-sorted-page.ts';

export type StatusFilter = OrderStatus | null;

/** `search`: an order's number, as GET /api/orders?search= takes it */
export const adminOrdersKey = (order: DateOrder, page: number, status: StatusFilter = null, search: string | null = null) =>
  `${ADMIN_KEY}orders:${order}:${page}${status ? `:${status}` : ''}${search ? `:#${search}` : ''}`;

export function useAdminOrders(page: number, order: DateOrder, status: StatusFilter = null, search: string | null = null) {
  return useQuery<ListPage<Order>>(
    adminOrdersKey(order, page, status, search),
    (signal) => getDateSortedPage('listOrders', page, order, signal, { ...(status ? { status } : {}), ...(search ? { search } : {}) }),
    { staleMs: 15_000 },
  );
}
