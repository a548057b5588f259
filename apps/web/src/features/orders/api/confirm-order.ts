import type { AnswerOf } from '@shop/core/endpoints';
import { call } from '../../../lib/api-client.ts';
import { setQueryData, useQuery } from '../../../lib/query.ts';

// Confirming a cash order from the link in its placed mail (PRODUCT section 9): the order is read, and answered, with
// the link's token (derived for that order alone), without signing in. The token travels in a header to read, in the
// body to answer, never in an address the server logs.
const confirmKey = (orderId: string) => `confirm-order:${orderId}`;

export function useOrderToConfirm(orderId: string, token: string | null) {
  return useQuery(token ? confirmKey(orderId) : null, (signal) =>
    call('getConfirmOrder', { params: { id: orderId }, headers: { 'X-Confirm-Token': token ?? '' }, signal }),
  );
}

/** The shopper's answer; the page shows the order as the answer left it. */
export async function answerOrder(orderId: string, token: string, answer: 'confirm' | 'cancel'): Promise<AnswerOf<'confirmOrder'>> {
  const answered = await call('confirmOrder', { params: { id: orderId }, body: { token, answer } });
  const { message: _message, ...order } = answered;
  setQueryData(confirmKey(orderId), order);
  return answered;
}
