import type { Product } from '@shop/core/schemas';
import { useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';
import { getDateSortedPage, type DateOrder, type ListPage } from './date-sorted-page.ts';

export const adminProductsKey = (order: DateOrder, page: number) => `${ADMIN_KEY}products:${order}:${page}`;

export function useAdminProducts(page: number, order: DateOrder) {
  return useQuery<ListPage<Product>>(adminProductsKey(order, page), (signal) => getDateSortedPage('listProducts', page, order, signal), {
    staleMs: 15_000,
  });
}
