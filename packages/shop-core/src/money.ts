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

/** Why a piece is given back (PRODUCT section 9, "Returns and exchanges"). */
export const RETURN_REASONS = ['too-small', 'too-large', 'not-as-pictured', 'defective', 'wrong-item', 'changed-mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** The shop's fault: a longer window, and the order's delivery given back when the whole order comes back so. */
export function isShopsFault(reason: ReturnReason): boolean {
  return reason === 'defective' || reason === 'wrong-item';
}

/** Pieces of one of the order's lines given back: `line` is the line's index in the order. */
export interface ReturnedPieces {
  line: number;
  quantity: number;
  reason: ReturnReason;
}

/** What the refund share needs of an order, as it was stored when it was placed. */
export interface PaidOrder {
  lines: readonly { unitPiastres: Piastres; quantity: number }[];
  /** what its code took off the subtotal (a percent or a fixed amount, as couponDiscountPiastres took it) */
  discountPiastres: Piastres;
  shippingPiastres: Piastres;
  codFeePiastres: Piastres;
}

export interface ReturnShare {
  /** what this return gives back in all */
  piastres: Piastres;
  /** each returned line's part, in the order the return listed them */
  lines: { line: number; piastres: Piastres }[];
  /** the delivery and cash fee given back with it (0 unless it completes an order returned for the shop's fault) */
  deliveryPiastres: Piastres;
}

/**
 * Shares an amount out over weights in proportion, to the piastre, so the shares sum to it exactly: each share is
 * rounded down and the piastres left go one each to the largest remainders (the earliest first when they tie).
 */
export function shareOut(amount: Piastres, weights: readonly number[]): Piastres[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((amount * weight) / total));
  const remainders = weights.map((weight, index) => ({ index, rest: (amount * weight) % total }));
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  remainders.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of remainders) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What a return gives back (decision 065): the returned pieces' part of what was paid for their lines, the code's
 * discount shared out over the lines in proportion to their piastres (shareOut), and a line's paid amount over its
 * pieces as `floor(paid × returned so far / bought)`, counted over every return of the order, so two returns of one
 * line never give back more than the line cost and the last piece takes the piastre the first ones left. The delivery
 * and the cash fee come back only with the return that brings back the order's last piece, and only when every piece
 * of the order came back defective or as the wrong item. Never more than the order cost less what its earlier returns
 * gave back (`givenBackPiastres`).
 */
export function returnShare(
  order: PaidOrder,
  earlier: readonly ReturnedPieces[],
  returning: readonly ReturnedPieces[],
  givenBackPiastres: Piastres = 0,
): ReturnShare {
  const linePiastres = order.lines.map((line) => line.unitPiastres * line.quantity);
  const discounts = shareOut(order.discountPiastres, linePiastres);
  const paid = linePiastres.map((amount, index) => amount - discounts[index]!);
  const piecesBefore = order.lines.map(() => 0);
  for (const pieces of earlier) piecesBefore[pieces.line] = (piecesBefore[pieces.line] ?? 0) + pieces.quantity;
  const piecesAfter = [...piecesBefore];
  const lines = returning.map((pieces) => {
    const bought = order.lines[pieces.line]?.quantity ?? 0;
    const before = Math.min(bought, piecesAfter[pieces.line] ?? 0);
    const after = Math.min(bought, before + pieces.quantity);
    piecesAfter[pieces.line] = after;
    const part = bought === 0 ? 0 : Math.floor((paid[pieces.line]! * after) / bought) - Math.floor((paid[pieces.line]! * before) / bought);
    return { line: pieces.line, piastres: part };
  });
  const completes = order.lines.every((line, index) => piecesAfter[index]! >= line.quantity)
    && order.lines.some((line, index) => piecesBefore[index]! < line.quantity);
  const allShopsFault = [...earlier, ...returning].every((pieces) => isShopsFault(pieces.reason));
  const deliveryPiastres = completes && allShopsFault ? order.shippingPiastres + order.codFeePiastres : 0;
  const total = paid.reduce((sum, amount) => sum + amount, 0) + order.shippingPiastres + order.codFeePiastres;
  const owed = lines.reduce((sum, line) => sum + line.piastres, 0) + deliveryPiastres;
  const room = Math.max(0, total - givenBackPiastres);
  if (owed <= room) return { piastres: owed, lines, deliveryPiastres };
  // an earlier return gave back more than its share (the rules changed since): this one gives back what is left,
  // the delivery last, the lines' parts cut in the order listed
  let left = room;
  const cut = lines.map((line) => {
    const part = Math.min(line.piastres, left);
    left -= part;
    return { line: line.line, piastres: part };
  });
  return { piastres: room, lines: cut, deliveryPiastres: left };
}
