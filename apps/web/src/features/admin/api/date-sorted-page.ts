import type { AnswerOf } from '@shop/core/endpoints';
import { callPage } from '../../../lib/api-client.ts';

export type DateOrder = 'newest' | 'oldest';

export interface ListPage<T> {
  items: T[];
  total: number;
}

export const ADMIN_PAGE_SIZE = 20;

type AdminList = 'listProducts' | 'listUsers' | 'listOrders';
type Row<N extends AdminList> = AnswerOf<N>[number];

/**
 * One page of a list the API serves newest first (`page`, `limit`, X-Total-Count). Oldest first is a true
 * sort over the whole list, not just this page: oldest-first page p holds the newest-first positions
 * [total - p*limit, total - (p-1)*limit), read from the one or two API pages that cover them and reversed.
 */
export async function getDateSortedPage<N extends AdminList>(
  list: N,
  page: number,
  order: DateOrder,
  signal?: AbortSignal,
  filter: Record<string, string> = {},
): Promise<ListPage<Row<N>>> {
  const limit = ADMIN_PAGE_SIZE;
  const apiPage = (apiPageNumber: number, apiLimit: number) =>
    callPage(list as AdminList, { query: { ...filter, page: apiPageNumber, limit: apiLimit }, signal }) as Promise<ListPage<Row<N>>>;
  if (order === 'newest') return apiPage(page, limit);

  const { total } = await apiPage(1, 1);
  const end = total - (page - 1) * limit;
  if (end <= 0) return { items: [], total };
  const start = Math.max(0, end - limit);
  const firstApiPage = Math.floor(start / limit) + 1;
  const lastApiPage = Math.floor((end - 1) / limit) + 1;
  const answers = await Promise.all(
    Array.from({ length: lastApiPage - firstApiPage + 1 }, (_, index) => apiPage(firstApiPage + index, limit)),
  );
  const covered = answers.flatMap((answer) => answer.items);
  const offset = (firstApiPage - 1) * limit;
  return { items: covered.slice(start - offset, end - offset).reverse(), total: answers[0]?.total ?? total };
}
