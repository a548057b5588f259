// Every money rule of the shop (SPEC section 9). Inside both ends money is whole piastres; EGP numbers exist only
// on the wire (answers' `price`, `priceProduct`, `unitPrice`, `totalPrice`) and on screen.
import { SHIPPING_PIASTRES, type CouponKind } from './constants.ts';
import { arabicDigits, type Lang } from './locale.ts';
import type { CartItem } from './contract/cart.ts';

export type Piastres = number;

/** An EGP amount from the wire, in piastres. */
export function toPiastres(egp: number): Piastres {
  return Math.round(egp * 100);
}

/** Piastres as the wire and the screen write them, in EGP. */
export function toEgp(piastres: Piastres): number {
  return piastres / 100;
}

/** Unit price after the discount percent, rounded to the piastre. */
export function discountedPiastres(pricePiastres: Piastres, discountPercent: number): Piastres {
  return Math.round((pricePiastres * (100 - discountPercent)) / 100);
}

/** A product's EGP price from the wire, after its discount, for showing. */
export function discountedPrice(price: number, discountPercent: number): number {
  return toEgp(discountedPiastres(toPiastres(price), discountPercent));
}

/** What pricing needs of one cart line. */
export interface CartLine {
  pricePiastres: Piastres;
  discountPercent: number;
  quantity: number;
}

export interface PricedLine<T> {
  item: T;
  /** The unit price after the discount. */
  unitPiastres: Piastres;
  quantity: number;
  linePiastres: Piastres;
}

export interface PricedCart<T> {
  lines: PricedLine<T>[];
  /** How many pieces in all. */
  quantity: number;
  subtotalPiastres: Piastres;
  shippingPiastres: Piastres;
  /** Subtotal plus the flat shipping: what the order costs and what a card is charged (SPEC's "total times 100"). */
  totalPiastres: Piastres;
}

/**
 * The one rule that turns cart items into priced lines and totals, used by the storefront's cart and checkout and by
 * the API's order and payment: `lineOf` says where an item keeps its price, discount and quantity.
 */
export function priceCart<T>(items: readonly T[], lineOf: (item: T) => CartLine): PricedCart<T> {
  let quantity = 0;
  let subtotal = 0;
  const lines = items.map((item) => {
    const line = lineOf(item);
    const unitPiastres = discountedPiastres(line.pricePiastres, line.discountPercent);
    const linePiastres = unitPiastres * line.quantity;
    quantity += line.quantity;
    subtotal += linePiastres;
    return { item, unitPiastres, quantity: line.quantity, linePiastres };
  });
  return { lines, quantity, subtotalPiastres: subtotal, shippingPiastres: SHIPPING_PIASTRES, totalPiastres: subtotal + SHIPPING_PIASTRES };
}

/** What delivery to one governorate costs (PRODUCT section 8, "Delivery by governorate"). */
export interface DeliveryRate {
  feePiastres: Piastres;
  /** added when the order is paid in cash on delivery */
  codFeePiastres: Piastres;
  /** the subtotal from which delivery is free; null: never free */
  freeOverPiastres: Piastres | null;
}

/** A discount code's terms, as pricing needs them: `value` is a percent (1-100) or, for `fixed`, piastres. */
export interface CouponTerms {
  kind: CouponKind;
  value: number;
}

/** The figures of an order (PRODUCT section 8, "The price of a cart"), in piastres. */
export interface OrderFigures {
  subtotalPiastres: Piastres;
  discountPiastres: Piastres;
  shippingPiastres: Piastres;
  codFeePiastres: Piastres;
  /** subtotal - discount + shipping + cash fee */
  totalPiastres: Piastres;
  /** the governorate's free-delivery threshold, or null */
  freeShippingFromPiastres: Piastres | null;
}

/** What a code takes off a subtotal: a percent rounded to the piastre, a fixed amount never more than the subtotal. */
export function couponDiscountPiastres(subtotal: Piastres, coupon: CouponTerms | null): Piastres {
  if (!coupon) return 0;
  if (coupon.kind === 'percent') return Math.min(subtotal, Math.round((subtotal * coupon.value) / 100));
  if (coupon.kind === 'fixed') return Math.min(subtotal, coupon.value);
  return 0;
}

/**
 * The one rule for what an order costs, used by the cart, the checkout, the card payment and the order's transaction.
 * Delivery is free from the governorate's threshold or with a free-delivery code; the cash fee is added for cash; a
 * code takes its amount off the subtotal only, so a total is never below what delivery and the cash fee cost.
 */
export function priceOrder(
  subtotal: Piastres,
  rate: DeliveryRate,
  way: 'cash' | 'credit',
  coupon: CouponTerms | null = null,
): OrderFigures {
  const discount = couponDiscountPiastres(subtotal, coupon);
  const freeDelivery = coupon?.kind === 'free-shipping' || (rate.freeOverPiastres !== null && subtotal >= rate.freeOverPiastres);
  const shipping = freeDelivery ? 0 : rate.feePiastres;
  const codFee = way === 'cash' ? rate.codFeePiastres : 0;
  return {
    subtotalPiastres: subtotal,
    discountPiastres: discount,
    shippingPiastres: shipping,
    codFeePiastres: codFee,
    totalPiastres: subtotal - discount + shipping + codFee,
    freeShippingFromPiastres: rate.freeOverPiastres,
  };
}

/** How much more the subtotal needs for free delivery, or null when it is free already or never is. */
export function moreForFreeDelivery(figures: OrderFigures): Piastres | null {
  const threshold = figures.freeShippingFromPiastres;
  if (threshold === null || figures.subtotalPiastres >= threshold || figures.shippingPiastres === 0) return null;
  return threshold - figures.subtotalPiastres;
}

/** A cart item as the API answers it: its product's EGP price and discount, read once at the edge. */
export function cartItemLine(item: Pick<CartItem, 'product' | 'quantaty'>): CartLine {
  return { pricePiastres: toPiastres(item.product.price), discountPercent: item.product.disCountPrecent, quantity: item.quantaty };
}

/** A line as a client that holds only the wire's numbers states it (SPEC's product `price` and `disCountPrecent`). */
export interface WireLine {
  price: number;
  disCountPrecent: number;
  quantity: number;
}

const wireLine = (line: WireLine): CartLine => ({ pricePiastres: toPiastres(line.price), discountPercent: line.disCountPrecent, quantity: line.quantity });

/** The subtotal of lines known only by their wire numbers (the API tests and the e2e journeys price what they read). */
export function subtotalPiastres(lines: readonly WireLine[]): Piastres {
  return priceCart(lines, wireLine).subtotalPiastres;
}

/** The total, shipping included, of lines known only by their wire numbers. */
export function totalPiastres(lines: readonly WireLine[]): Piastres {
  return priceCart(lines, wireLine).totalPiastres;
}

/**
 * A client that rounds only at the end (SPEC's original) may differ by half a piastre per item, plus half a
 * piastre from rounding its total to two decimals; that is not a price change.
 */
export function totalsAgree(clientTotalEgp: number, serverTotal: Piastres, totalQuantity: number): boolean {
  return Math.abs(clientTotalEgp * 100 - serverTotal) <= 0.5 * (totalQuantity + 1) + 1e-6;
}

/**
 * An amount with two decimals in groups of three, "1,299.50", rounded as `Intl` rounds: half away from zero on the
 * number's shortest decimal form (1.005 is "1.01"), which money.test.ts checks against `Intl` itself. Written by hand,
 * not with `Intl.NumberFormat`: the first formatter a page makes costs ~40 ms on a slow phone.
 */
function written(amount: number): string {
  const shortest = String(Math.abs(amount));
  // "1.005e2" is 100.5 exactly, where 1.005 * 100 is not
  const cents = Math.round(shortest.includes('e') ? Math.abs(amount) * 100 : Number(`${shortest}e2`));
  const plain = String(cents).padStart(3, '0');
  return `${plain.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',')}.${plain.slice(-2)}`;
}

/**
 * Every amount on screen and in mail (PRODUCT section 2), as shops write them: no decimals when whole ("EGP 1,099"),
 * two when not ("EGP 466.65"); in Arabic in Egypt's digits and separators, "ج.م." after the number as Egyptian shops
 * write it ("١٬٠٩٩ ج.م.", "٤٦٦٫٦٥ ج.م."). The wire keeps numbers.
 */
export function formatEgp(amount: number, lang: Lang = 'en'): string {
  const text = written(amount).replace(/\.00$/, '');
  return lang === 'ar' ? `${arabicDigits(text)} ج.م.` : `EGP ${text}`;
}

/**
 * A discount's badge: "-20%"; in Arabic "-٢٠٪" as Intl's ar-EG percent writes it, with the Arabic letter marks (U+061C)
 * that keep the minus before the number in a right-to-left line (written by hand, as the amounts above).
 */
export function formatDiscount(percent: number, lang: Lang = 'en'): string {
  return lang === 'ar' ? `\u061C-${arabicDigits(String(percent))}٪\u061C` : `-${percent}%`;
}
