import { useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';
import { getDateSortedPage, type DateOrder } from './date-sorted-page.ts';

export function useAdminUsers(page: number, order: DateOrder) {
  return useQuery(`${ADMIN_KEY}users:${order}:${page}`, (signal) => getDateSortedPage('listUsers', page, order, signal), {
    staleMs: 15_000,
  });
}
