import type { Category } from '@shop/core/schemas';
import { apiGet } from '../../../lib/api-client.ts';
import { getQueryData, setQueryData, useQuery } from '../../../lib/query.ts';

// The same cache entry, under the same key and from the same call, that the catalog's useCategories and the
// navbar's side panel read: writing it here is what shows an added or deleted category there at once.
export const CATEGORIES_KEY = 'categories';

const getCategories = (signal?: AbortSignal) => apiGet<Category[]>('/api/categories', signal);

export function useAdminCategories() {
  return useQuery(CATEGORIES_KEY, getCategories, { staleMs: 0 });
}

/** The API's order: by gender, then title. */
function byGenderAndTitle(a: Category, b: Category): number {
  return a.gender.localeCompare(b.gender) || a.title.localeCompare(b.title, 'en', { sensitivity: 'base' });
}

export function updateCachedCategories(change: (categories: Category[]) => Category[]): void {
  // nothing cached yet: whoever reads next fetches the fresh list
  if (getQueryData<Category[]>(CATEGORIES_KEY) === undefined) return;
  setQueryData<Category[]>(CATEGORIES_KEY, (categories) => change(categories ?? []).sort(byGenderAndTitle));
}
