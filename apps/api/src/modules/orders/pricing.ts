// What a checkout costs (PRODUCT section 8, "The price of a cart"): the lines' subtotal, delivery to the governorate,
// the cash fee and the discount code, by the one rule of shop-core's money module. The cart's summary, a guest's quote,
// the card payment's amount and the order's transaction all ask here, so they cannot disagree.
import { inArray } from 'drizzle-orm';
import type { Governorate, PaymentWay } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import { priceCart, priceOrder, toEgp, type OrderFigures, type Piastres } from '@shop/core/money';
import type { CartItem, CartSummary } from '@shop/core/contract/cart';
import type { Db } from '../../db/client.ts';
import { productColumns, products } from '../../db/schema.ts';
import { cartCouponCode, cartRows, setCartCoupon, type CartRow } from '../cart/cart.ts';
import { checkCoupon, couponByCode, couponTerms, type Buyer, type CouponRow } from '../coupons/coupons.ts';
import { deliveryTo } from '../delivery/shipping.ts';
import { conflict, ShopError } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { toCartItem } from '../wire.ts';
import { joined } from './holds.ts';
import { cartRowLine } from './orders.ts';

export interface CheckoutChoice {
  governorate: Governorate;
  way: PaymentWay;
  /** the code the shopper typed (refused with its reason), or the one kept on the cart (left out, with its reason) */
  code: { value: string; kept: boolean } | null;
  buyer: Buyer;
}

export interface CheckoutPrice {
  figures: OrderFigures;
  coupon: CouponRow | null;
  /** why the code kept on the cart was left out */
  couponMessage?: string;
  minDays: number;
  maxDays: number;
}

export async function priceCheckout(db: Db, subtotal: Piastres, choice: CheckoutChoice): Promise<CheckoutPrice> {
  const delivery = await deliveryTo(db, choice.governorate);
  let coupon: CouponRow | null = null;
  let couponMessage: string | undefined;
  if (choice.code) {
    try {
      const row = await couponByCode(db, choice.code.value);
      await checkCoupon(db, row, subtotal, choice.buyer);
      coupon = row;
    } catch (error) {
      if (!(error instanceof ShopError) || !choice.code.kept) throw error;
      couponMessage = error.message;
    }
  }
  const figures = priceOrder(subtotal, delivery.rate, choice.way, coupon ? couponTerms(coupon) : null);
  return { figures, coupon, ...(couponMessage ? { couponMessage } : {}), minDays: delivery.minDays, maxDays: delivery.maxDays };
}

/** The summary's wire form, in EGP. */
export function toSummary(price: CheckoutPrice, choice: Pick<CheckoutChoice, 'governorate' | 'way'>, extra: { items?: CartItem[]; missing?: string[] } = {}): CartSummary {
  const { figures } = price;
  return {
    subtotal: toEgp(figures.subtotalPiastres),
    discount: toEgp(figures.discountPiastres),
    shipping: toEgp(figures.shippingPiastres),
    codFee: toEgp(figures.codFeePiastres),
    total: toEgp(figures.totalPiastres),
    couponCode: price.coupon?.code ?? null,
    freeShippingFrom: figures.freeShippingFromPiastres === null ? null : toEgp(figures.freeShippingFromPiastres),
    governorate: choice.governorate,
    way: choice.way,
    minDays: price.minDays,
    maxDays: price.maxDays,
    ...(price.couponMessage ? { couponMessage: price.couponMessage } : {}),
    ...extra,
  };
}

export interface Where {
  governorate: Governorate;
  way: PaymentWay;
}

/** What the customer's server cart costs delivered there, paid that way, with the code kept on the cart. */
export async function summarizeCart(db: Db, userId: string, where: Where): Promise<CartSummary> {
  const [cart, code] = await Promise.all([cartRows(db, userId), cartCouponCode(db, userId)]);
  const subtotal = priceCart(cart, cartRowLine).subtotalPiastres;
  const choice = { ...where, code: code ? { value: code, kept: true } : null, buyer: { userId, email: null } };
  return toSummary(await priceCheckout(db, subtotal, choice), where);
}

/** Keeps a code on the customer's cart once it passes every rule for it (else 400 with the reason). */
export async function applyCartCoupon(db: Db, userId: string, code: string, where: Where): Promise<CartSummary> {
  const cart = await cartRows(db, userId);
  const subtotal = priceCart(cart, cartRowLine).subtotalPiastres;
  const price = await priceCheckout(db, subtotal, { ...where, code: { value: code, kept: false }, buyer: { userId, email: null } });
  await setCartCoupon(db, userId, price.coupon!.code);
  return toSummary(price, where);
}

export async function removeCartCoupon(db: Db, userId: string, where: Where): Promise<CartSummary> {
  await setCartCoupon(db, userId, null);
  return summarizeCart(db, userId, where);
}

export interface BrowserLine {
  product: string;
  size: string;
  quantity: number;
}

/** A browser cart's lines as the shop has them now: each with its product and stock, and those that no longer exist. */
export async function linesOf(db: Db, lines: readonly BrowserLine[]): Promise<{ rows: CartRow[]; missing: string[] }> {
  const ids = [...new Set(lines.map((line) => line.product).filter(isUuid))];
  const found = ids.length === 0 ? [] : await db.select({ product: productColumns }).from(products).where(inArray(products.id, ids));
  const byId = new Map(found.map(({ product }) => [product.id, product]));
  const rows: CartRow[] = [];
  const missing: string[] = [];
  const createdAt = new Date(0);
  for (const line of lines) {
    const product = byId.get(line.product);
    const size = product?.sizes.find((each) => each.size === line.size);
    if (!product || !size) {
      missing.push(line.product);
      continue;
    }
    rows.push({
      item: { id: `${line.product}:${line.size}`, userId: '', productId: line.product, size: line.size, quantity: line.quantity, createdAt, updatedAt: createdAt, lang: 'en' },
      product,
      stock: size.stock,
    });
  }
  return { rows, missing };
}

/** A guest's cart priced (PRODUCT section 8, POST /api/cart/quote): a code that fails a rule is refused with its reason. */
export async function quoteLines(db: Db, lines: readonly BrowserLine[], where: Where, code: string | undefined): Promise<CartSummary> {
  const { rows, missing } = await linesOf(db, joined(lines, 'anyone'));
  const subtotal = priceCart(rows, cartRowLine).subtotalPiastres;
  const price = await priceCheckout(db, subtotal, { ...where, code: code ? { value: code, kept: false } : null, buyer: { userId: null, email: null } });
  return toSummary(price, where, { items: rows.map((row) => toCartItem(row.item, row.product)), missing });
}

/**
 * What a card is charged for the customer's server cart now (PRODUCT section 4): delivered to the governorate the
 * checkout chose (Cairo for SPEC's client, which sends none: with the default table every governorate costs EGP 30),
 * with the code typed or kept on the cart. The order's total must agree with it.
 */
export async function cartAmount(db: Db, userId: string, choice: { governorate?: Governorate; couponCode?: string } = {}): Promise<Piastres> {
  const [cart, kept] = await Promise.all([cartRows(db, userId), choice.couponCode ? null : cartCouponCode(db, userId)]);
  if (cart.length === 0) throw conflict(MESSAGES.cartEmpty);
  const code = choice.couponCode ? { value: choice.couponCode, kept: false } : kept ? { value: kept, kept: true } : null;
  const subtotal = priceCart(cart, cartRowLine).subtotalPiastres;
  const price = await priceCheckout(db, subtotal, { governorate: choice.governorate ?? 'Cairo', way: 'credit', code, buyer: { userId, email: null } });
  return price.figures.totalPiastres;
}
