import type { Product, STOCK_FILTERS } from '@shop/core/contract/catalog';
import { useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';
import { getDateSortedPage, type DateOrder, type ListPage } from './date-sorted-page.ts';

export type StockFilter = (typeof STOCK_FILTERS)[number] | null;

export const adminProductsKey = (order: DateOrder, page: number, stock: StockFilter = null) =>
  `${ADMIN_KEY}products:${order}:${page}${stock ? `:${stock}` : ''}`;

export function useAdminProducts(page: number, order: DateOrder, stock: StockFilter = null) {
  return useQuery<ListPage<Product>>(adminProductsKey(order, page, stock), (signal) => getDateSortedPage('listProducts', page, order, signal, stock ? { stock } : {}), {
    staleMs: 15_000,
  });
}
