// The delivery table (PRODUCT section 8, "Delivery by governorate"), for the product page's "Delivery from EGP N". The
// Delivery & payment page reads it under the same key (features/about/api/get-delivery-table.ts), each feature with a
// hook of its own so neither page loads a chunk shared for three lines. A server-rendered page carries it under this
// key (app/server/pages.ts), so the page does not read it again.
import { call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

export const SHIPPING_KEY = 'shipping';

export function useShipping() {
  return useQuery(SHIPPING_KEY, (signal) => call('getShipping', { signal }), { staleMs: 5 * 60_000 });
}
