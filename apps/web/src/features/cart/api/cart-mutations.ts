import type { CartItem } from '@shop/core/schemas';
import { apiSend } from '../../../lib/api-client.ts';
import { setCart } from '../../../lib/cart.ts';

type WithMessage<T> = T & { message?: string };

export async function updateCartItem(itemId: string, quantity: number): Promise<string | undefined> {
  const answer = await apiSend<WithMessage<Partial<CartItem>>>('PUT', `/api/cart/update/${encodeURIComponent(itemId)}`, {
    quantaty: String(quantity),
  });
  setCart((items) =>
    items.map((item) => (item._id === itemId ? { ...item, quantaty: typeof answer.quantaty === 'number' ? answer.quantaty : quantity } : item)),
  );
  return answer.message;
}

export async function deleteCartItem(itemId: string): Promise<string | undefined> {
  const answer = await apiSend<{ message?: string }>('DELETE', `/api/cart/delete/${encodeURIComponent(itemId)}`);
  setCart((items) => items.filter((item) => item._id !== itemId));
  return answer.message;
}

export async function deleteAllCart(): Promise<string | undefined> {
  const answer = await apiSend<{ message?: string }>('DELETE', '/api/cart/delete-all-cart');
  setCart(() => []);
  return answer.message;
}
