import type { Category } from '@shop/core/schemas';
import { apiGet } from '../../../lib/api-client.ts';
import { fetchQuery, useQuery } from '../../../lib/query.ts';

const KEY = 'categories';
const getCategories = (signal?: AbortSignal) => apiGet<Category[]>('/api/categories', signal);

export function useCategories(enabled = true) {
  return useQuery(enabled ? KEY : null, getCategories, { staleMs: 5 * 60_000 });
}

/** Warms the cache before the side panel opens. */
export function prefetchCategories(): void {
  void fetchQuery(KEY, getCategories);
}
