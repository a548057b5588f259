import { GENDERS, type Gender } from '@shop/core/constants';
import { callPage } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

export const SHOP_PAGE_SIZE = 24;

export interface ShopFilters {
  gender?: string;
  category?: string;
  search?: string;
  page: number;
}

export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The shop page's filters, from its address (an unknown gender is left out). */
export function shopFilters(params: URLSearchParams): ShopFilters & { gender?: Gender } {
  const genderParam = params.get('gender');
  return {
    gender: GENDERS.find((g) => g === genderParam),
    category: params.get('category')?.trim() || undefined,
    page: readPage(params.get('page')),
  };
}

/** The search page's filters, from its address. */
export function searchFilters(params: URLSearchParams): ShopFilters & { search: string } {
  return { search: params.get('search')?.trim() ?? '', page: readPage(params.get('page')) };
}

/** The call's query and its cache key; the server renders a page with the same ones. */
export function shopProductsQuery({ gender, category, search, page }: ShopFilters) {
  // an unknown gender in the address reaches the server as it is, which answers it with its message
  const query = { gender: gender as Gender | undefined, category, search, page, limit: SHOP_PAGE_SIZE };
  return { key: `shop:${JSON.stringify(query)}`, query };
}

export function useShopProducts(filters: ShopFilters) {
  const { key, query } = shopProductsQuery(filters);
  return useQuery(key, (signal) => callPage('shopProducts', { query, signal }));
}
