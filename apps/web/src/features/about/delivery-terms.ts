// The delivery table as the Delivery & payment page shows it (PRODUCT section 8): the governorates that cost the same and
// arrive as fast share a row, cheapest first, and the governorates not delivered to are named apart.
import type { Governorate } from '@shop/core/constants';
import type { ShippingRate } from '@shop/core/contract/delivery';

export type DeliveryTerms = Omit<ShippingRate, 'governorate' | 'enabled'> & { governorates: Governorate[] };

export function deliveryTerms(table: readonly ShippingRate[]): { rows: DeliveryTerms[]; off: Governorate[] } {
  const rows = new Map<string, DeliveryTerms>();
  const off: Governorate[] = [];
  for (const { governorate, enabled, ...terms } of table) {
    if (!enabled) {
      off.push(governorate);
      continue;
    }
    const key = [terms.fee, terms.codFee, terms.freeOver, terms.minDays, terms.maxDays].join('|');
    const row = rows.get(key);
    if (row) row.governorates.push(governorate);
    else rows.set(key, { ...terms, governorates: [governorate] });
  }
  return { rows: [...rows.values()].sort((a, b) => a.fee - b.fee), off };
}
