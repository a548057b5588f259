import { call } from '../../../lib/api-client.ts';
import { setCart } from '../../../lib/cart.ts';

export async function updateCartItem(itemId: string, quantity: number): Promise<string | undefined> {
  const answer = await call('updateCartItem', { params: { id: itemId }, body: { quantaty: quantity } });
  setCart((items) => items.map((item) => (item._id === itemId ? { ...item, quantaty: answer.quantaty } : item)));
  return answer.message;
}

export async function deleteCartItem(itemId: string): Promise<string | undefined> {
  const answer = await call('deleteCartItem', { params: { id: itemId } });
  setCart((items) => items.filter((item) => item._id !== itemId));
  return answer.message;
}

export async function deleteAllCart(): Promise<string | undefined> {
  const answer = await call('clearCart');
  setCart(() => []);
  return answer.message;
}
