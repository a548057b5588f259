// The product page's line about delivery, read from the delivery table (PRODUCT section 8).
import type { ShippingRate } from '@shop/core/contract/delivery';

/** The lowest fee of the governorates delivered to, or null when none is. */
export function lowestFee(table: readonly ShippingRate[]): number | null {
  const fees = table.filter((row) => row.enabled).map((row) => row.fee);
  return fees.length > 0 ? Math.min(...fees) : null;
}
