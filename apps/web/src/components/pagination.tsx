import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import './pagination.css';
import { digits, t } from '../lib/i18n.ts';

interface PaginationProps {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}

/** Page links 1 … n around the current page; plain links so they work without script state. */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  sorted.forEach((p, index) => {
    if (index > 0 && p - sorted[index - 1]! > 1) items.push('gap');
    items.push(p);
  });
  return (
    <nav className="pagination" aria-label={t('Pages')}>
      {page > 1 ? (
        <Link className="pagination__step" to={hrefFor(page - 1)} aria-label={t('Previous page')}>
          <ChevronLeft className="flip-rtl" size={18} aria-hidden="true" />
        </Link>
      ) : null}
      <ol>
        {items.map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">…</li>
          ) : (
            <li key={item}>
              <Link to={hrefFor(item)} aria-current={item === page ? 'page' : undefined} aria-label={t('Page {number}', { number: item })}>
                {digits(item)}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link className="pagination__step" to={hrefFor(page + 1)} aria-label={t('Next page')}>
          <ChevronRight className="flip-rtl" size={18} aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
