import type { ShippingRate } from '@shop/core/contract/delivery';
import { call } from '../../../lib/api-client.ts';
import { setQueryData, useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';

// The delivery table (PRODUCT section 8, "Delivery by governorate"): read fresh each time the page opens.
const SHIPPING_KEY = `${ADMIN_KEY}shipping`;

export const useShippingTable = () => useQuery(SHIPPING_KEY, (signal) => call('getShipping', { signal }), { staleMs: 0 });

/** Replaces the whole table (PUT /api/shipping); answers the table as saved. */
export async function saveShippingTable(table: ShippingRate[]): Promise<ShippingRate[]> {
  const saved = await call('updateShipping', { body: table });
  setQueryData<ShippingRate[]>(SHIPPING_KEY, saved);
  return saved;
}
