// Reviews and back-in-stock asks (PRODUCT section 8).
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';
import { SizeSchema, text } from './fields.ts';

// ---- reviews (PRODUCT section 8) -----------------------------------------------------------------------

export const REVIEW_FITS = ['small', 'true', 'large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];

export const ReviewSchema = z.object({
  _id: z.string(),
  product: z.string(),
  /**
   * `_id` null once the author erased her account: the review stays, by "Former customer" (PRODUCT section 9). A
   * product's public list leaves the author's `_id` out (decision 051); her own review, read by her, has it.
   */
  user: z.object({ _id: z.string().nullable().optional(), username: z.string() }),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  fit: z.enum(REVIEW_FITS),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** The signed-in customer's own review of a product, or null: the product page offers the form only without one. */
/** The caller's own review, and whether she may write one now: none yet, and an order of the product delivered to her. */
export const MyReviewSchema = z.object({ review: ReviewSchema.nullable(), canReview: z.boolean() });

export const ReviewBodySchema = z.object({
  rating: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: 'Rating must be a whole number from 1 to 5' })
      .int({ error: 'Rating must be a whole number from 1 to 5' })
      .min(1, { error: 'Rating must be a whole number from 1 to 5' })
      .max(5, { error: 'Rating must be a whole number from 1 to 5' }),
  ),
  title: text('Title', 120),
  text: text('Review', 2000),
  fit: z.enum(REVIEW_FITS, { error: 'Fit must be small, true or large' }),
});

// ---- back in stock (PRODUCT section 8, decision 040) --------------------------------------------------

/** The size a shopper wants to hear about when it is back in stock. */
export const NotifyBodySchema = z.object({ size: SizeSchema });

/** An ask to be told, as it is kept: the same answer for the first ask and a repeated one. */
export const NotifyAnswerSchema = z.object({ product: z.string(), size: z.string(), message: z.string() });
