import { useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import type { QueryResult } from '../../../lib/query.ts';
import { ADMIN_PAGE_SIZE, type ListPage } from '../api/date-sorted-page.ts';
import { formatNumber, plural, t, type AdminPluralText, type AdminText } from '../i18n.ts';
import { sentence, type PluralText, type UiText } from '../../../lib/i18n.ts';

type Text = AdminText | UiText;

interface AdminListProps<T> {
  /** names the table for assistive technology, e.g. "Users" */
  label: string;
  /** what the list says while its first page loads, and when it could not be loaded */
  loading: Text;
  failed: Text;
  result: QueryResult<ListPage<T>>;
  page: number;
  pageSize?: number;
  hrefFor: (page: number) => string;
  /** the count with its noun, e.g. '{count} users' */
  count: AdminPluralText | PluralText;
  head: ReactNode;
  columns: number;
  renderRow: (item: T, position: number) => ReactNode;
  empty: { icon: ReactNode; title: string; text: string; action?: ReactNode };
}

/**
 * One admin table: its count, a skeleton while the first page loads, the previous page kept (dimmed)
 * while the next one loads, an error with a retry, an empty state, sideways scrolling on a phone and the pages.
 */
export function AdminList<T>({
  label, loading, failed, result, page, pageSize = ADMIN_PAGE_SIZE, hrefFor, count, head, columns, renderRow, empty,
}: AdminListProps<T>) {
  const lastShown = useRef<ListPage<T> | undefined>(undefined);
  if (result.data) lastShown.current = result.data;
  const shown = result.data ?? lastShown.current;
  const pageCount = shown ? Math.max(1, Math.ceil(shown.total / pageSize)) : 0;

  if (result.error && !result.data) {
    return (
      <EmptyState
        icon={empty.icon}
        title={t(failed)}
        text={sentence(result.error.message)}
        action={<button type="button" className={buttonClass('secondary')} onClick={() => void result.refetch()}>{t('Try again')}</button>}
      />
    );
  }
  // a page that no longer exists (the last row of the last page was deleted): go to the last one
  if (result.data && result.data.items.length === 0 && result.data.total > 0 && page > pageCount) {
    return <Navigate to={hrefFor(pageCount)} replace />;
  }
  if (result.data && result.data.total === 0) {
    return <EmptyState icon={empty.icon} title={empty.title} text={empty.text} action={empty.action} />;
  }

  const busy = !result.data;
  return (
    <>
      <p className="admin-count muted" aria-live="polite">
        {shown
          ? `${plural(count, shown.total)}${
              pageCount > 1 ? ` · ${t('page {page} of {pages}', { page: formatNumber(page), pages: formatNumber(pageCount) })}` : ''
            }`
          : t(loading)}
      </p>
      <div className={`table-scroll table-scroll--cards admin-table${busy ? ' admin-table--busy' : ''}`} role="region" aria-label={label} aria-busy={busy} tabIndex={0}>
        <table className="table table--cards">
          <thead>{head}</thead>
          <tbody>
            {shown
              ? shown.items.map((item, index) => renderRow(item, (page - 1) * pageSize + index + 1))
              : Array.from({ length: 6 }, (_, row) => (
                  <tr key={row} aria-hidden="true">
                    {Array.from({ length: columns }, (_, cell) => (
                      <td key={cell}><span className="skeleton admin-table__skeleton" /></td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </>
  );
}
