import type { Product } from '@shop/core/contract/catalog';
import type { Review } from '@shop/core/contract/reviews';
import { formatDate } from '@shop/core/dates';
import { Button } from '../../../components/button.tsx';
import type { RatingStars as Stars } from '../../../components/rating-stars.tsx';
import { getLang, t } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { deleteReview, useReviews } from '../api/reviews.ts';
import { reviewFitLabel } from './review-fit.ts';

/**
 * The product's reviews, `pages` pages of them: a chunk of its own, below the product page's first screen (its first
 * load stays within 70 kB gzip). The reviews are read by the browser; the server's page has the average and the count.
 * The stars come from the section (`stars`): imported here, the first load's shared modules were split into more chunks
 * by the build, 450 B gzip more on every page.
 */
export function ReviewList({ product, pages, stars }: { product: Product; pages: number; stars: typeof Stars }) {
  return (
    <ol className="reviews__list">
      {Array.from({ length: pages }, (_, index) => <ReviewPage key={index} product={product} page={index + 1} stars={stars} />)}
    </ol>
  );
}

function ReviewPage({ product, page, stars }: { product: Product; page: number; stars: typeof Stars }) {
  const reviews = useReviews(product._id, page);
  return <>{reviews.data?.items.map((review) => <ReviewItem key={review._id} review={review} product={product} stars={stars} />)}</>;
}

function ReviewItem({ review, product, stars: RatingStars }: { review: Review; product: Product; stars: typeof Stars }) {
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
      <h3 className="review__title" dir="auto">{review.title}</h3>
      <p className="review__meta muted">
        {review.user._id === null ? t('Former customer') : <bdi>{review.user.username}</bdi>} · {formatDate(review.createdAt, getLang())} · {reviewFitLabel(review.fit)}
      </p>
      <p className="review__text" dir="auto">{review.text}</p>
      {/* the public list names the author and carries no account id: her own is known by her name (names are unique) */}
      {user && (user.isAdmin || (review.user._id !== null && user.username.toLowerCase() === review.user.username.toLowerCase())) ? (
        <Button variant="quiet" small busy={removing} onClick={() => void remove()} aria-label={t('Remove the review “{title}”', { title: review.title })}>
          {t('Remove')}
        </Button>
      ) : null}
    </li>
  );
}
