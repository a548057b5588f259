// Reviews and back-in-stock asks.
import { z } from 'zod';
import { MessageSchema, PageQuerySchema } from '../contract/fields.ts';
import { MyReviewSchema, NotifyAnswerSchema, NotifyBodySchema, ReviewBodySchema, ReviewSchema } from '../contract/reviews.ts';
import { routes } from '../routes.ts';
import { endpoint, IdParams, ProductParams, withMessage } from './endpoint.ts';

export const reviewsEndpoints = {
  productReviews: endpoint(routes.productReviews, {
    summary: "A product's reviews, newest first",
    params: ProductParams,
    query: PageQuerySchema,
    status: 200,
    answer: z.array(ReviewSchema),
    counted: true,
    errors: [404],
  }),
  addReview: endpoint(routes.addReview, {
    summary: 'Review a product the customer received (a delivered order of it), once',
    params: ProductParams,
    body: ReviewBodySchema,
    status: 201,
    answer: withMessage(ReviewSchema),
    errors: [403, 404, 409],
  }),
  myReview: endpoint(routes.myReview, {
    summary: "The caller's own review of the product, or null (one per customer and product)",
    params: ProductParams,
    status: 200,
    answer: MyReviewSchema,
    errors: [404],
  }),
  deleteReview: endpoint(routes.deleteReview, {
    summary: 'Remove a review (an admin, or its author)',
    params: IdParams,
    status: 200,
    answer: MessageSchema,
    errors: [403, 404],
  }),
  notifyBackInStock: endpoint(routes.notifyBackInStock, {
    summary: 'Be mailed once when a sold-out size of the product is back in stock (asking again changes nothing)',
    params: ProductParams,
    body: NotifyBodySchema,
    status: 200,
    answer: NotifyAnswerSchema,
    errors: [400, 404, 409],
  }),
};
