import type { BodyOf } from '@shop/core/endpoints';
import { call, callPage } from '../../../lib/api-client.ts';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';
import { productKey } from './get-product.ts';

export const REVIEWS_PAGE_SIZE = 5;
/** Every query of the product's reviews starts with it (the customer's own too): a change reads them again. */
export const reviewsKey = (productId: string) => `reviews:${productId}:`;

/** One page of a product's reviews, newest first. */
export function useReviews(productId: string, page: number) {
  return useQuery(`${reviewsKey(productId)}${page}`, (signal) =>
    callPage('productReviews', { params: { x: productId }, query: { page, limit: REVIEWS_PAGE_SIZE }, signal }),
  );
}

/** After a review is written or removed: the product's rating and its reviews are read again. */
function refresh(productId: string, productName: string) {
  invalidateQueries(reviewsKey(productId));
  invalidateQueries(productKey(productName));
  invalidateQueries(productKey(productId));
}

export async function addReview(productId: string, productName: string, body: BodyOf<'addReview'>) {
  const answer = await call('addReview', { params: { x: productId }, body });
  refresh(productId, productName);
  return answer;
}

export async function deleteReview(reviewId: string, productId: string, productName: string) {
  const answer = await call('deleteReview', { params: { id: reviewId } });
  refresh(productId, productName);
  return answer;
}
