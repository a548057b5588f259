import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Check } from 'lucide-react';
import { MESSAGES } from '@shop/core/messages';
import type { Product } from '@shop/core/contract/catalog';
import type { ReviewFit } from '@shop/core/contract/reviews';
import { Button } from '../../../components/button.tsx';
import { FieldMessage, FormField } from '../../../components/form-field.tsx';
import { focusElement } from '../../../lib/focus.ts';
import { plural, sentence, t } from '../../../lib/i18n.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors, type FieldState } from '../../../lib/use-field-errors.ts';
import { useMyReview } from '../api/my-review.ts';
import { addReview } from '../api/reviews.ts';
import { REVIEW_FITS_LIST, reviewFitLabel } from './review-fit.ts';
import './review-form.css';

// the form checks are the checkout's chunk: loaded on the first submit, as the other forms do
const loadChecks = () => import('@shop/core/forms');

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
  const fields = useFieldErrors<ReviewField>();
  const [rating, setRating] = useState(0);
  const [fit, setFit] = useState<ReviewFit | ''>('');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [submit, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // our own messages at each part left out, never the browser's pop-up (noValidate)
    const review = fields.accept((await loadChecks()).checkReview({ rating, fit, title, text }));
    if (!review) return;
    try {
      const { message } = await addReview(product._id, product.name, review);
      notify.success(message);
      setRating(0);
      setFit('');
      setTitle('');
      setText('');
      onPosted();
    } catch (error) {
      if (!fields.showServerMessage(errorMessage(error))) notify.error(errorMessage(error));
    }
  });
  const ratingField = fields.field('rating');
  const fitField = fields.field('fit');
  return (
    <form className="review-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => void submit(event)}>
      <h3 id={`${id}-title`}>{t('Write a review')}</h3>
      <fieldset className="review-form__choice" aria-describedby={ratingField.error ? `${ratingField.id}-error` : undefined}>
        <legend>{t('Your rating')}</legend>
        <StarInput name={`${id}-rating`} value={rating} field={ratingField} onChange={(stars) => {
          setRating(stars);
          ratingField.clear();
        }} />
        <FieldMessage id={`${ratingField.id}-error`} message={ratingField.error} />
      </fieldset>
      <fieldset className="review-form__choice" aria-describedby={fitField.error ? `${fitField.id}-error` : undefined}>
        <legend>{t('Fit')}</legend>
        {REVIEW_FITS_LIST.map((choice, index) => (
          <label key={choice}>
            <input
              type="radio"
              name={`${id}-fit`}
              value={choice}
              checked={fit === choice}
              ref={index === 0 ? fitField.controlRef : undefined}
              aria-invalid={fitField.error ? true : undefined}
              onChange={() => {
                setFit(choice);
                fitField.clear();
              }}
            />
            {reviewFitLabel(choice)}
          </label>
        ))}
        <FieldMessage id={`${fitField.id}-error`} message={fitField.error} />
      </fieldset>
      <FormField label={t('Title')} field={fields.field('title')}>
        {(control) => (
          <input {...control} className="input" maxLength={120} value={title} onChange={(event) => {
            setTitle(event.target.value);
            fields.clear('title');
          }} />
        )}
      </FormField>
      <FormField label={t('Your review')} field={fields.field('text')}>
        {(control) => (
          <textarea {...control} className="input" rows={4} maxLength={2000} value={text} onChange={(event) => {
            setText(event.target.value);
            fields.clear('text');
          }} />
        )}
      </FormField>
      <Button type="submit" busy={saving}>{t('Post review')}</Button>
    </form>
  );
}

type ReviewField = 'rating' | 'fit' | 'title' | 'text';

/**
 * The rating as five stars: a radio group underneath (arrow keys move along it, a screen reader hears "4 stars, 4 of
 * 5"), each radio hidden behind its star, the stars up to the chosen one filled.
 */
function StarInput({ name, value, field, onChange }: { name: string; value: number; field: FieldState; onChange: (stars: number) => void }) {
  return (
    <span className="star-input">
      {[1, 2, 3, 4, 5].map((stars) => (
        <label key={stars} className="star-input__star">
          <input
            type="radio"
            className="star-input__radio"
            name={name}
            value={stars}
            checked={value === stars}
            ref={stars === 1 ? field.controlRef : undefined}
            aria-invalid={field.error ? true : undefined}
            onChange={() => onChange(stars)}
          />
          <StarShape on={value >= stars} />
          <span className="visually-hidden">{plural('{count} stars', stars)}</span>
        </label>
      ))}
    </span>
  );
}

/**
 * Lucide's star (the one RatingStars shows), drawn here: its icon imported into this lazy chunk made the build split
 * the modules every page loads first into more chunks, about 450 B gzip more on each page.
 */
function StarShape({ on }: { on: boolean }) {
  return (
    <svg width="32" height="32" viewBox="0 0 24 24" strokeWidth="2" strokeLinejoin="round" aria-hidden="true" className={on ? 'star-input__on' : 'star-input__off'}>
      <path d="M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z" />
    </svg>
  );
}
