import type { AnswerOf } from '@shop/core/endpoints';
import { call } from '../../../lib/api-client.ts';
import { mergeGuestCart } from '../../../lib/guest-cart.ts';
import { useQuery } from '../../../lib/query.ts';
import { logIn } from '../../../lib/session.ts';

// A guest's order (PRODUCT section 8, "Guest checkout"): read with the token of its link, in the X-Order-Token header.
const tokenHeader = (token: string) => ({ 'X-Order-Token': token });

export const guestOrderKey = (orderId: string) => `guest-order:${orderId}`;

export function useGuestOrder(orderId: string, token: string | null) {
  return useQuery(token ? guestOrderKey(orderId) : null, (signal) =>
    call('getGuestOrder', { params: { id: orderId }, headers: tokenHeader(token ?? ''), signal }),
  );
}

/** Makes an account from the order (its email and name), which then owns it; the shopper is signed in. */
export async function claimGuestOrder(orderId: string, token: string, password: string): Promise<AnswerOf<'claimGuestOrder'>> {
  const answer = await call('claimGuestOrder', { params: { id: orderId }, body: { password }, headers: tokenHeader(token) });
  logIn(answer);
  await mergeGuestCart();
  return answer;
}
