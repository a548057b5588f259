import { call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';
import { reviewsKey } from './reviews.ts';

// apart from reviews.ts: only the review form's chunk reads it, not the product page's first load

/**
 * The signed-in customer's own review of the product (or null) and whether she may write one; read again when a review
 * is written or removed.
 */
export function useMyReview(productId: string, userId: string) {
  return useQuery(`${reviewsKey(productId)}mine:${userId}`, (signal) => call('myReview', { params: { x: productId }, signal }));
}
