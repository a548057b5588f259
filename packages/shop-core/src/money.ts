// Every money rule of the shop (SPEC section 9). Amounts travel as EGP numbers with two decimals
// and are computed here in whole piastres, so no float error reaches a total.
import { SHIPPING_PIASTRES } from './constants.ts';

export type Piastres = number;

export function toPiastres(egp: number): Piastres {
  return Math.round(egp * 100);
}

export function toEgp(piastres: Piastres): number {
  return piastres / 100;
}

/** Unit price after the discount percent, rounded to the piastre. */
export function discountedPiastres(pricePiastres: Piastres, discountPercent: number): Piastres {
  return Math.round((pricePiastres * (100 - discountPercent)) / 100);
}

export function discountedPrice(price: number, discountPercent: number): number {
  return toEgp(discountedPiastres(toPiastres(price), discountPercent));
}

export interface PricedLine {
  price: number;
  disCountPrecent: number;
  quantity: number;
}

export function subtotalPiastres(lines: readonly PricedLine[]): Piastres {
  return lines.reduce(
    (sum, line) => sum + discountedPiastres(toPiastres(line.price), line.disCountPrecent) * line.quantity,
    0,
  );
}

export function totalPiastres(lines: readonly PricedLine[]): Piastres {
  return subtotalPiastres(lines) + SHIPPING_PIASTRES;
}

/** What the card is charged: the total in piastres (SPEC's "total times 100"). */
export function cardAmount(lines: readonly PricedLine[]): Piastres {
  return totalPiastres(lines);
}

/**
 * A client that rounds only at the end (SPEC's original) may differ by half a piastre per item, plus half a
 * piastre from rounding its total to two decimals; that is not a price change.
 */
export function totalsAgree(clientTotalEgp: number, serverTotal: Piastres, totalQuantity: number): boolean {
  return Math.abs(clientTotalEgp * 100 - serverTotal) <= 0.5 * (totalQuantity + 1) + 1e-6;
}

const egpFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const egpTotalFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A price as shown next to a product: "EGP 1,299.5". */
export function formatEgp(amount: number): string {
  return `EGP ${egpFormat.format(amount)}`;
}

/** Totals show one decimal, as SPEC says: "EGP 1,329.5". */
export function formatTotal(amount: number): string {
  return `EGP ${egpTotalFormat.format(amount)}`;
}
