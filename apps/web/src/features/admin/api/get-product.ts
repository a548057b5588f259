import { call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';

/** The product as it is now, read past the page's query cache (the update form's sizes after a refused save). */
export function fetchProductToEdit(name: string) {
  return call('getProduct', { params: { x: name } });
}

/** The product being edited, read fresh (not from the shop's cache) so the form starts from the stored values. */
export function useProductToEdit(name: string) {
  return useQuery(`${ADMIN_KEY}product:${name}`, (signal) => call('getProduct', { params: { x: name }, signal }), {
    staleMs: 0,
  });
}
