import type { Order } from '@shop/core/schemas';
import { useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';
import { getDateSortedPage, type DateOrder, type ListPage } from './date-sorted-page.ts';

export const adminOrdersKey = (order: DateOrder, page: number) => `${ADMIN_KEY}orders:${order}:${page}`;

export function useAdminOrders(page: number, order: DateOrder) {
  return useQuery<ListPage<Order>>(adminOrdersKey(order, page), (signal) => getDateSortedPage('listOrders', page, order, signal), {
    staleMs: 15_000,
  });
}
