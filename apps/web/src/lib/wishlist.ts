import type { Product } from '@shop/core/contract/catalog';
import { call } from './api-client.ts';
import { setQueryData, useQuery } from './query.ts';
import { sessionStore, useSession } from './session.ts';

export const wishlistKey = (userId: string) => `wishlist:${userId}`;

/** The customer's wishlist (whole products); admins have none. */
export function useWishlist() {
  const user = useSession();
  const enabled = user !== null && !user.isAdmin;
  return useQuery(
    enabled ? wishlistKey(user.id) : null,
    async (signal) => (await call('getWishlist', { params: { userId: user?.id ?? '' }, signal })).wishlist,
    { staleMs: 60_000 },
  );
}

/** Adds or removes the product; answers the server's message. */
export async function toggleWishlist(productId: string): Promise<string | undefined> {
  const answer = await call('toggleWishlist', { body: { productId } });
  const user = sessionStore.get();
  if (user && Array.isArray(answer.wishlist)) setQueryData<Product[]>(wishlistKey(user.id), answer.wishlist);
  return answer.message;
}
