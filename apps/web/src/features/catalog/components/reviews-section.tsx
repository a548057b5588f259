import { lazy, Suspense, useState } from 'react';
import type { Product } from '@shop/core/contract/catalog';
import type { Review } from '@shop/core/contract/reviews';
import { formatDate } from '@shop/core/dates';
import { Button } from '../../../components/button.tsx';
import { RatingStars } from '../../../components/rating-stars.tsx';
import { getLang, getLocale, plural, t } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { REVIEWS_PAGE_SIZE, deleteReview, useReviews } from '../api/reviews.ts';
import { REVIEW_FITS_LIST, reviewFitLabel } from './review-fit.ts';
import './reviews-section.css';

// only a signed-in customer writes one: the form, or the line saying she has, is its own chunk, loaded then (the
// server renders signed out)
const YourReview = lazy(() => import('./review-form.tsx').then((module) => ({ default: module.YourReview })));

/** The product's reviews: the average, the count and how the fit was found, the reviews a page at a time, and the form. */
export function ReviewsSection({ product }: { product: Product }) {
  const { rating } = product;
  const [pages, setPages] = useState(1);
  const user = useSession();
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
      {rating.count > 0 ? (
        <ol className="reviews__list">
          {Array.from({ length: pages }, (_, index) => <ReviewPage key={index} product={product} page={index + 1} />)}
        </ol>
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

function ReviewPage({ product, page }: { product: Product; page: number }) {
  const reviews = useReviews(product._id, page);
  return <>{reviews.data?.items.map((review) => <ReviewItem key={review._id} review={review} product={product} />)}</>;
}

function ReviewItem({ review, product }: { review: Review; product: Product }) {
  const user = useSession();
  const [remove, removing] = useAction(async () => {
    try {
      const { message } = await deleteReview(review._id, product._id, product.name);
      notify.success(message);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  return (
    <li className="review">
      <RatingStars rating={review.rating} small />
      <h3 className="review__title">{review.title}</h3>
      <p className="review__meta muted">
        {review.user._id === null ? t('Former customer') : review.user.username} · {formatDate(review.createdAt, getLang())} · {reviewFitLabel(review.fit)}
      </p>
      <p className="review__text">{review.text}</p>
      {user && (user.isAdmin || user._id === review.user._id) ? (
        <Button variant="quiet" small busy={removing} onClick={() => void remove()} aria-label={t('Remove the review “{title}”', { title: review.title })}>
          {t('Remove')}
        </Button>
      ) : null}
    </li>
  );
}
