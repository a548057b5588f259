import type { Product } from '@shop/core/contract/catalog';
import { call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

export const BESTSELLERS_KEY = 'products:bestsellers';

export function getBestsellers(signal?: AbortSignal): Promise<Product[]> {
  return call('bestsellers', { signal });
}

/** The home page's bestsellers rail: most bought lately, topped up while few have sold (decision 054). */
export function useBestsellers() {
  return useQuery(BESTSELLERS_KEY, getBestsellers, { staleMs: 60_000 });
}
