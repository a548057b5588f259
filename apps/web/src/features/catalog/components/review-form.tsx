import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Check } from 'lucide-react';
import { MESSAGES } from '@shop/core/messages';
import type { Product } from '@shop/core/contract/catalog';
import type { ReviewFit } from '@shop/core/contract/reviews';
import { Button } from '../../../components/button.tsx';
import { focusElement } from '../../../lib/focus.ts';
import { plural, sentence, t } from '../../../lib/i18n.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useMyReview } from '../api/my-review.ts';
import { addReview } from '../api/reviews.ts';
import { REVIEW_FITS_LIST, reviewFitLabel } from './review-fit.ts';

/**
 * A signed-in customer's part of the reviews: the form while she may write one (the product delivered to her, no review
 * of hers yet), a line saying she wrote one (one per customer and product: a second would be refused), or one saying
 * she can once she has received it.
 */
export function YourReview({ product, user }: { product: Product; user: SessionUser }) {
  const mine = useMyReview(product._id, user.id);
  const [posted, setPosted] = useState(false);
  const written = useRef<HTMLParagraphElement>(null);
  const reviewed = Boolean(mine.data?.review);
  // the form (and the button she pressed) is gone once her review is read back: the focus goes to the line in its place,
  // which is read out
  useLayoutEffect(() => {
    if (posted && reviewed) focusElement(written.current);
  }, [posted, reviewed]);
  // nothing until her own is known; if it cannot be read, the form (the API still refuses a second review)
  if (mine.isLoading) return null;
  if (mine.data?.review) {
    return (
      <p ref={written} tabIndex={-1} className="reviews__yours">
        <Check size={18} aria-hidden="true" /> {sentence(MESSAGES.reviewWritten)}
      </p>
    );
  }
  if (mine.data && !mine.data.canReview) return <p className="reviews__yours">{sentence(MESSAGES.reviewAfterDelivery)}</p>;
  return <ReviewForm product={product} onPosted={() => setPosted(true)} />;
}

/** A signed-in customer's review; the API says whether she may write one (a delivered order of the product, once). */
function ReviewForm({ product, onPosted }: { product: Product; onPosted: () => void }) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [fit, setFit] = useState<ReviewFit | ''>('');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [submit, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const { message } = await addReview(product._id, product.name, { rating, title, text, fit: fit as ReviewFit });
      notify.success(message);
      setRating(0);
      setFit('');
      setTitle('');
      setText('');
      onPosted();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  return (
    <form className="review-form" aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)}>
      <h3 id={`${id}-title`}>{t('Write a review')}</h3>
      <fieldset className="review-form__choice">
        <legend>{t('Your rating')}</legend>
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars}>
            <input type="radio" name={`${id}-rating`} value={stars} checked={rating === stars} onChange={() => setRating(stars)} required />
            {plural('{count} stars', stars)}
          </label>
        ))}
      </fieldset>
      <fieldset className="review-form__choice">
        <legend>{t('Fit')}</legend>
        {REVIEW_FITS_LIST.map((choice) => (
          <label key={choice}>
            <input type="radio" name={`${id}-fit`} value={choice} checked={fit === choice} onChange={() => setFit(choice)} required />
            {reviewFitLabel(choice)}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>{t('Title')}</span>
        <input className="input" required maxLength={120} value={title} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label className="field">
        <span>{t('Your review')}</span>
        <textarea className="input" required rows={4} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <Button type="submit" busy={saving}>{t('Post review')}</Button>
    </form>
  );
}
