import type { CSSProperties, ReactNode } from 'react';
import type { Product } from '@shop/core/contract/catalog';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import { t } from '../lib/i18n.ts';

interface ProductGridProps {
  products: readonly Product[] | undefined;
  columns?: 3 | 4;
  loading?: boolean;
  skeletonCount?: number;
  label?: string;
  renderAction?: (product: Product) => ReactNode;
  /** the cards' heading level: 2 for a page's main grid, 3 for a section under its own h2 */
  headingLevel?: 2 | 3;
}

export function ProductGrid({ products, columns = 3, loading, skeletonCount = 6, label, renderAction, headingLevel = 2 }: ProductGridProps) {
  const style = { '--cols': columns } as CSSProperties;
  const sizes = columns === 4
    ? '(min-width: 1240px) 290px, (min-width: 768px) 23vw, 48vw'
    : '(min-width: 1240px) 390px, (min-width: 768px) 31vw, 48vw';
  if (loading || !products) {
    return (
      <div className="product-grid" style={style} aria-busy="true" aria-label={t('Loading products')}>
        {Array.from({ length: skeletonCount }, (_, index) => <ProductCardSkeleton key={index} />)}
      </div>
    );
  }
  return (
    <ul className="product-grid" style={style} aria-label={label}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} eager={index < columns} sizes={sizes} action={renderAction?.(product)} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
