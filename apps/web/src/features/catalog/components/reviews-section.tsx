import { lazy, Suspense, useEffect, useState } from 'react';
import type { Product } from '@shop/core/contract/catalog';
import { Button } from '../../../components/button.tsx';
import { RatingStars } from '../../../components/rating-stars.tsx';
import { getLocale, plural, t } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { REVIEWS_PAGE_SIZE } from '../api/reviews.ts';
import { REVIEW_FITS_LIST, reviewFitLabel } from './review-fit.ts';
import './reviews-section.css';

// only a signed-in customer writes one: the form, or the line saying she has, is its own chunk, loaded then (the
// server renders signed out)
const YourReview = lazy(() => import('./review-form.tsx').then((module) => ({ default: module.YourReview })));
const ReviewList = lazy(() => import('./review-list.tsx').then((module) => ({ default: module.ReviewList })));

/** The product's reviews: the average, the count and how the fit was found, the reviews a page at a time, and the form. */
export function ReviewsSection({ product }: { product: Product }) {
  const { rating } = product;
  const [pages, setPages] = useState(1);
  const user = useSession();
  // the list is drawn once the page is the browser's (the server's page has no reviews to draw: they are read here)
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="section-title">{t('Reviews')}</h2>
      {rating.count > 0 ? (
        <div className="reviews__summary">
          <p className="reviews__average">
            <RatingStars rating={rating.average} />
            <span>{t('{rating} out of 5', { rating: rating.average.toLocaleString(getLocale(), { maximumFractionDigits: 1 }) })}</span>
            <span className="muted">· {plural('{count} reviews', rating.count)}</span>
          </p>
          <p className="reviews__fit">
            {t('Fit')}: {REVIEW_FITS_LIST.map((fit) => `${reviewFitLabel(fit)} ${rating.fit[fit].toLocaleString(getLocale())}`).join(' · ')}
          </p>
        </div>
      ) : (
        <p className="muted">{t('No reviews yet.')}</p>
      )}
      {rating.count > 0 && hydrated ? (
        <Suspense fallback={null}>
          <ReviewList product={product} pages={pages} stars={RatingStars} />
        </Suspense>
      ) : null}
      {pages * REVIEWS_PAGE_SIZE < rating.count ? (
        <Button variant="secondary" onClick={() => setPages(pages + 1)}>{t('Show more reviews')}</Button>
      ) : null}
      {user && !user.isAdmin ? (
        <Suspense fallback={null}>
          <YourReview product={product} user={user} />
        </Suspense>
      ) : null}
    </section>
  );
}
