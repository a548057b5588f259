import { Star } from 'lucide-react';
import { getLocale, t } from '../lib/i18n.ts';
import './rating-stars.css';

/** Five stars filled to the rating (rounded to the half), read out as "Rated 4.5 out of 5". */
export function RatingStars({ rating, small }: { rating: number; small?: boolean }) {
  const size = small ? 14 : 18;
  const label = t('Rated {rating} out of 5', { rating: rating.toLocaleString(getLocale(), { maximumFractionDigits: 1 }) });
  return (
    <span className={small ? 'stars stars--small' : 'stars'} role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} size={size} aria-hidden="true" className={rating >= star - 0.25 ? 'stars__on' : 'stars__off'} />
      ))}
    </span>
  );
}
