// A visitor's cart, kept in the browser (PRODUCT section 8, "Guest checkout"): its lines and the code typed for it,
// in localStorage. Priced by the API's quote (POST /api/cart/quote), ordered with POST /api/orders/guest, and merged
// into the server's cart at login (POST /api/cart/merge), then emptied. Each line keeps the product as it was read
// when it was added, for its picture and name; its price and stock are read again when the cart is shown.
import { MESSAGES, onlyLeft, sizeNotOffered } from '@shop/core/messages';
import type { CartItem, GuestLine } from '@shop/core/contract/cart';
import type { Product } from '@shop/core/contract/catalog';
import { sizeAvailable } from '@shop/core/stock';
import { call } from './api-client.ts';
import { invalidateQueries } from './query.ts';
import { EMPTY_GUEST_CART, guestCartStore, saveGuestCart, type GuestCart } from './guest-cart-store.ts';

export { guestCartStore, useGuestCart, type GuestCart, type GuestCartLine } from './guest-cart-store.ts';

/** A line's id on the page: its product and size. */
export const guestLineId = (line: Pick<GuestLine, 'product' | 'size'>) => `${line.product}:${line.size}`;

/** The lines as the cart's screens draw a server cart's items (stock, price and names from `item`). */
export function guestCartItems(cart: GuestCart): CartItem[] {
  return cart.lines.map((line) => ({
    _id: guestLineId(line),
    product: line.item,
    size: line.size,
    quantaty: line.quantity,
    nameProduct: line.item.name,
    imageProduct: line.item.images[0] ?? '',
    priceProduct: line.item.price,
    createdAt: line.item.createdAt,
  }));
}

/**
 * Adds to the browser's cart with the add call's rules (PRODUCT section 7): a size the product has, no more than
 * that size has left counting what the cart holds already. Answers the sentence to show; throws the refusal.
 */
export function addToGuestCart(product: Product, size: string, quantity: number): string {
  const entry = product.sizes.find((candidate) => candidate.size === size);
  if (!entry) throw new Error(sizeNotOffered(size));
  if (!sizeAvailable(entry)) throw new Error(onlyLeft(0, size));
  const cart = guestCartStore.get();
  const held = cart.lines.find((line) => line.product === product._id && line.size === size)?.quantity ?? 0;
  if (entry.stock !== null && held + quantity > entry.stock) throw new Error(onlyLeft(entry.stock, size));
  const lines = held > 0
    ? cart.lines.map((line) => (line.product === product._id && line.size === size ? { ...line, quantity: held + quantity, item: product } : line))
    : [...cart.lines, { product: product._id, size, quantity, item: product }];
  saveGuestCart({ ...cart, lines });
  return MESSAGES.cartItemAdded;
}

/** A line's new quantity, no more than its size has left (as the product was last read); throws the refusal. */
export function setGuestQuantity(id: string, quantity: number): void {
  const cart = guestCartStore.get();
  const line = cart.lines.find((each) => guestLineId(each) === id);
  const entry = line?.item.sizes.find((candidate) => candidate.size === line.size);
  if (line && entry && entry.stock !== null && quantity > entry.stock) throw new Error(onlyLeft(entry.stock, line.size));
  saveGuestCart({ ...cart, lines: cart.lines.map((line) => (guestLineId(line) === id ? { ...line, quantity } : line)) });
}

export function removeGuestLine(id: string): void {
  const cart = guestCartStore.get();
  saveGuestCart({ ...cart, lines: cart.lines.filter((line) => guestLineId(line) !== id) });
}

export function setGuestCoupon(code: string | null): void {
  saveGuestCart({ ...guestCartStore.get(), couponCode: code });
}

export function clearGuestCart(): void {
  saveGuestCart(EMPTY_GUEST_CART);
}

/** Keeps each line's product as the API reads it now (price, stock, names); a product gone, or a size it no longer has, is left out. */
export function refreshGuestProducts(products: ReadonlyMap<string, Product | null>): void {
  const cart = guestCartStore.get();
  const lines = cart.lines.flatMap((line) => {
    if (!products.has(line.product)) return [line];
    const item = products.get(line.product);
    return item && item.sizes.some((entry) => entry.size === line.size) ? [{ ...line, item }] : [];
  });
  saveGuestCart({ ...cart, lines });
}

/** The lines as the API takes them. */
export const guestLines = (cart: GuestCart): GuestLine[] => cart.lines.map(({ product, size, quantity }) => ({ product, size, quantity }));

/**
 * At login: the browser's lines go into the server's cart (a line already there grows, up to its stock), then the
 * browser's cart is emptied. A failure keeps the browser's cart, to merge at the next login.
 */
export async function mergeGuestCart(): Promise<void> {
  const cart = guestCartStore.get();
  if (cart.lines.length === 0) {
    if (cart.couponCode) clearGuestCart();
    return;
  }
  try {
    await call('mergeCart', { body: { lines: guestLines(cart) } });
    clearGuestCart();
    // the customer's cart (and its price) is read again
    invalidateQueries('cart:');
  } catch {
    // kept for the next login
  }
}
