// The delivery table (PRODUCT section 8), for the Delivery & payment page: the product page reads it under the same key
// (features/catalog/api/get-shipping.ts), so a visit to one fills the other.
import { call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

export const DELIVERY_TABLE_KEY = 'shipping';

export function useDeliveryTable() {
  return useQuery(DELIVERY_TABLE_KEY, (signal) => call('getShipping', { signal }), { staleMs: 5 * 60_000 });
}
