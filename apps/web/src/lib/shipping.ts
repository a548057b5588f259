// The delivery table (PRODUCT section 8, "Delivery by governorate"), public: the product page's "Delivery from EGP N".
// A server-rendered page carries it under SHIPPING_KEY (app/server/pages.ts), so the page does not read it again.
import type { ShippingRate } from '@shop/core/contract/delivery';
import { call } from './api-client.ts';
import { useQuery } from './query.ts';

export const SHIPPING_KEY = 'shipping';

export function useShipping() {
  return useQuery(SHIPPING_KEY, (signal) => call('getShipping', { signal }), { staleMs: 5 * 60_000 });
}

/** The lowest fee of the governorates delivered to (EGP); 0 when none is (nothing to say "from"). */
export function lowestFee(table: readonly ShippingRate[]): number {
  const fees = table.filter((row) => row.enabled).map((row) => row.fee);
  return fees.length > 0 ? Math.min(...fees) : 0;
}
