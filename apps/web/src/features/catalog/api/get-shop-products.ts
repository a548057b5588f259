import type { Gender } from '@shop/core/constants';
import { callPage } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

export const SHOP_PAGE_SIZE = 24;

export interface ShopFilters {
  gender?: string;
  category?: string;
  search?: string;
  page: number;
}

export function useShopProducts({ gender, category, search, page }: ShopFilters) {
  // an unknown gender in the address reaches the server as it is, which answers it with its message
  const query = { gender: gender as Gender | undefined, category, search, page, limit: SHOP_PAGE_SIZE };
  return useQuery(`shop:${JSON.stringify(query)}`, (signal) => callPage('shopProducts', { query, signal }));
}
