import type { Product } from '@shop/core/schemas';
import { apiGetPage } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

export const SHOP_PAGE_SIZE = 24;

export interface ShopFilters {
  gender?: string;
  category?: string;
  search?: string;
  page: number;
}

export function shopQueryString({ gender, category, search, page }: ShopFilters): string {
  const params = new URLSearchParams();
  if (gender) params.set('gender', gender);
  if (category) params.set('category', category);
  if (search) params.set('search', search);
  params.set('page', String(page));
  params.set('limit', String(SHOP_PAGE_SIZE));
  return params.toString();
}

export function useShopProducts(filters: ShopFilters) {
  const query = shopQueryString(filters);
  return useQuery(`shop:${query}`, (signal) => apiGetPage<Product>(`/api/products/shop?${query}`, signal));
}
