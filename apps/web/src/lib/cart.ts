import type { CartItem } from '@shop/core/contract/cart';
import { call } from './api-client.ts';
import { invalidateQueries, setQueryData, useQuery } from './query.ts';
import { sessionStore, useSession } from './session.ts';

export const cartKey = (userId: string) => `cart:${userId}`;

/** The logged-in customer's cart; visitors and admins have none. */
export function useCart() {
  const user = useSession();
  const enabled = user !== null && !user.isAdmin;
  return useQuery(enabled ? cartKey(user.id) : null, (signal) => call('getCart', { signal }), {
    staleMs: 10_000,
  });
}

export function setCart(updater: (items: CartItem[]) => CartItem[]): void {
  const user = sessionStore.get();
  if (!user) return;
  setQueryData<CartItem[]>(cartKey(user.id), (items) => updater(items ?? []));
  // its price (lib/cart-price.ts) is read again
  invalidateQueries(`${cartKey(user.id)}:summary:`);
}

export function refetchCart(): void {
  invalidateQueries('cart:');
}

/** Adds the product to the cart (the product page's button); answers the server's message. */
export async function addToCart(productId: string, quantity: number, size?: string): Promise<string | undefined> {
  const answer = await call('addToCart', { body: { product: productId, quantaty: quantity, ...(size ? { size } : {}) } });
  // the server may have merged this into an existing line: read the cart back
  refetchCart();
  return answer.message;
}
