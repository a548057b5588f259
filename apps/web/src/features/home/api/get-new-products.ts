import { HOME_PRODUCT_COUNT } from '@shop/core/constants';
import type { Product } from '@shop/core/contract/catalog';
import { call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

export const NEW_PRODUCTS_KEY = 'products:new';

export function getNewProducts(signal?: AbortSignal): Promise<Product[]> {
  return call('listProducts', { query: { page: 1, limit: HOME_PRODUCT_COUNT }, signal });
}

/** The 10 newest products, for the home page. */
export function useNewProducts() {
  return useQuery(NEW_PRODUCTS_KEY, getNewProducts, { staleMs: 60_000 });
}
