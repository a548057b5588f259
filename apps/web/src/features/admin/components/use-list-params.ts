import { useLocation, useSearchParams } from 'react-router';
import type { DateOrder } from '../api/date-sorted-page.ts';

/** A table's page and date order live in the URL (?page=2&sort=oldest), so Back and shared links keep them. */
export function useListParams() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const order: DateOrder = params.get('sort') === 'oldest' ? 'oldest' : 'newest';

  const hrefFor = (nextPage: number, nextOrder: DateOrder = order) => {
    const next = new URLSearchParams(params);
    if (nextPage > 1) next.set('page', String(nextPage));
    else next.delete('page');
    if (nextOrder === 'oldest') next.set('sort', 'oldest');
    else next.delete('sort');
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return { page, order, hrefFor };
}
