// The delivery table (PRODUCT section 8, "Delivery by governorate"), public: every sentence the shop writes about
// delivery reads it (the product page's "Delivery from EGP N", the home page's reach, the Delivery & payment page).
// A server-rendered page carries it under SHIPPING_KEY (app/server/pages.ts), so the page does not read it again.
import { call } from './api-client.ts';
import { useQuery } from './query.ts';

export const SHIPPING_KEY = 'shipping';

export function useShipping() {
  return useQuery(SHIPPING_KEY, (signal) => call('getShipping', { signal }), { staleMs: 5 * 60_000 });
}
