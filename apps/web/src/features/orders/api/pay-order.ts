import type { PaymobMethod } from '@shop/core/constants';
import type { AnswerOf } from '@shop/core/endpoints';
import { call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

// Finishing an order's Paymob payment from its page (issue 42): the payment already opened again, or a new one by
// another way. A guest's page sends the order's token (the API then reads no account); a customer's, her session.

/** The ways the shop offers (the public config, shared with the checkout by its key). */
export function useOfferedWays(): readonly PaymobMethod[] {
  const config = useQuery('config', (signal) => call('publicConfig', { signal }), { staleMs: 5 * 60_000 });
  return config.data?.paymentProvider === 'paymob' ? (config.data.paymentMethods ?? []) : [];
}

export function payOrder(orderId: string, method: PaymobMethod | undefined, guestToken: string | null): Promise<AnswerOf<'payOrder'>> {
  return call('payOrder', { params: { id: orderId }, body: method ? { method } : {}, headers: guestToken ? { 'X-Order-Token': guestToken } : {} });
}
