import { Link } from 'react-router';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { DateOrder } from '../api/date-sorted-page.ts';
import { t } from '../i18n.ts';

interface DateHeaderProps {
  order: DateOrder;
  /** where the other order's first page is */
  toggleHref: string;
}

/** The DATE column heading; it says how the table is sorted and switches newest/oldest first. */
export function DateHeader({ order, toggleHref }: DateHeaderProps) {
  const Arrow = order === 'newest' ? ArrowDown : ArrowUp;
  return (
    <th scope="col" aria-sort={order === 'newest' ? 'descending' : 'ascending'}>
      <Link to={toggleHref} className="sort-link" replace>
        {t('DATE')}
        <Arrow size={14} aria-hidden="true" />
        <span className="visually-hidden">
          {order === 'newest' ? t(', newest first. Show oldest first') : t(', oldest first. Show newest first')}
        </span>
      </Link>
    </th>
  );
}
