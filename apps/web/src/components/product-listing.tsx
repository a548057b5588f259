import type { ReactNode } from 'react';
import { Columns3, Columns4, SearchX } from 'lucide-react';
import type { Product } from '@shop/core/contract/catalog';
import { setGridColumns, useGridColumns } from '../lib/grid-columns.ts';
import { buttonClass } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { Pagination } from './pagination.tsx';
import { ProductGrid } from './product-grid.tsx';
import { plural, t } from '../lib/i18n.ts';

interface ProductListingProps {
  items: readonly Product[] | undefined;
  total: number | undefined;
  loading: boolean;
  error: Error | undefined;
  onRetry: () => void;
  page: number;
  pageSize: number;
  hrefFor: (page: number) => string;
  label: string;
  emptyText: string;
  emptyAction?: ReactNode;
  renderAction?: (product: Product) => ReactNode;
}

/** The shop's product grid with its toolbar (count, 3 or 4 per row), empty state and pages. */
export function ProductListing(props: ProductListingProps) {
  const { items, total, loading, error, onRetry, page, pageSize, hrefFor, label, emptyText, emptyAction, renderAction } = props;
  const columns = useGridColumns();
  const pageCount = total === undefined ? 0 : Math.ceil(total / pageSize);

  return (
    <>
      <div className="shop-toolbar">
        <p className="shop-toolbar__count" aria-live="polite">
          {loading ? t('Loading products…') : total !== undefined ? plural('{count} products', total) : ''}
        </p>
        <div className="columns-toggle" role="group" aria-label={t('Products per row')}>
          <button type="button" aria-pressed={columns === 3} onClick={() => setGridColumns(3)} aria-label={t('3 per row')} title={t('3 per row')}>
            <Columns3 size={18} aria-hidden="true" />
          </button>
          <button type="button" aria-pressed={columns === 4} onClick={() => setGridColumns(4)} aria-label={t('4 per row')} title={t('4 per row')}>
            <Columns4 size={18} aria-hidden="true" />
          </button>
        </div>
      </div>
      {error && !items ? (
        <EmptyState
          icon={<SearchX size={32} />}
          title={t('Products could not be loaded')}
          text={error.message}
          action={<button type="button" className={buttonClass('secondary')} onClick={onRetry}>{t('Try again')}</button>}
        />
      ) : !loading && items && items.length === 0 ? (
        <EmptyState icon={<SearchX size={32} />} title={t('No Products')} text={emptyText} action={emptyAction} />
      ) : (
        <ProductGrid products={items} loading={loading} columns={columns} skeletonCount={columns * 2} label={label} renderAction={renderAction} />
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </>
  );
}
