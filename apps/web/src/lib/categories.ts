import type { Category } from '@shop/core/contract/catalog';
import { call } from './api-client.ts';
import { fetchQuery, getQueryData, setQueryData, useQuery } from './query.ts';

// One cache entry for the category list, read by the navbar's side panel, the shop's filters and the admin pages:
// an admin's add or delete writes it, and every reader shows the change at once, without a reload.
export const CATEGORIES_KEY = 'categories';
const KEY = CATEGORIES_KEY;

const getCategories = (signal?: AbortSignal) => call('listCategories', { signal });

/** The storefront reads a list at most five minutes old; the admin pages pass `staleMs: 0`. */
export function useCategories({ enabled = true, staleMs = 5 * 60_000 }: { enabled?: boolean; staleMs?: number } = {}) {
  return useQuery(enabled ? KEY : null, getCategories, { staleMs });
}

/** Warms the cache before the side panel opens. */
export function prefetchCategories(): void {
  void fetchQuery(KEY, getCategories);
}

/** The API's order: by gender, then title. */
function byGenderAndTitle(a: Category, b: Category): number {
  return a.gender.localeCompare(b.gender) || a.title.localeCompare(b.title, 'en', { sensitivity: 'base' });
}

export function updateCachedCategories(change: (categories: Category[]) => Category[]): void {
  // nothing cached yet: whoever reads next fetches the fresh list
  if (getQueryData<Category[]>(KEY) === undefined) return;
  setQueryData<Category[]>(KEY, (categories) => change(categories ?? []).sort(byGenderAndTitle));
}
