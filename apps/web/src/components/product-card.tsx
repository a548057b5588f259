import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '@shop/core/contract/catalog';
import { truncateName } from '@shop/core/text';
import { DiscountBadge, Price } from './price.tsx';
import { ProductImage } from './product-image.tsx';
import { productPath } from '../lib/paths.ts';
import './product-card.css';
import { FIRST_SCREEN_MESSAGES } from '@shop/core/first-screen-messages';
import { localName, plural, sentence } from '../lib/i18n.ts';
import { RatingStars } from './rating-stars.tsx';

interface ProductCardProps {
  product: Product;
  eager?: boolean;
  sizes?: string;
  /** e.g. the wishlist heart, drawn over the image's corner */
  action?: ReactNode;
  /** 2 in a page's main grid (right under its h1), 3 in a section under an h2 */
  headingLevel?: 2 | 3;
}

export function ProductCard({ product, eager, sizes = '(min-width: 1240px) 300px, (min-width: 768px) 30vw, 48vw', action, headingLevel = 3 }: ProductCardProps) {
  const fullName = localName(product);
  const name = truncateName(fullName);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="product-card">
      <div className="product-card__media">
        <ProductImage url={product.images[0]} alt={fullName} sizes={sizes} eager={eager} />
        <span className="product-card__badge">
          <DiscountBadge discount={product.disCountPrecent} />
        </span>
        {product.inStock ? null : <span className="product-card__sold-out">{sentence(FIRST_SCREEN_MESSAGES.soldOut)}</span>}
      </div>
      {action ? <div className="product-card__action">{action}</div> : null}
      <Heading className="product-card__name">
        <Link to={productPath(product.name)} title={name === fullName ? undefined : fullName} dir="auto">
          {name}
        </Link>
      </Heading>
      <Price price={product.price} discount={product.disCountPrecent} showBadge={false} />
      {product.rating.count > 0 ? (
        <p className="product-card__rating">
          <RatingStars rating={product.rating.average} small />
          <span>{plural('{count} reviews', product.rating.count)}</span>
        </p>
      ) : null}
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <div className="product-card__media">
        <div className="skeleton skeleton-media" />
      </div>
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line skeleton-line--short" />
    </div>
  );
}
