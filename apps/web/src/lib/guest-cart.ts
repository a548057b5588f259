// A visitor's cart, kept in the browser (PRODUCT section 8, "Guest checkout"): its lines and the code typed for it,
// in localStorage. Priced by the API's quote (POST /api/cart/quote), ordered with POST /api/orders/guest, and merged
// into the server's cart at login (POST /api/cart/merge), then emptied. Each line keeps the product as it was read
// when it was added, for its picture and name; its price and stock are read again when the cart is shown.
import { MESSAGES, onlyLeft, sizeNotOffered } from '@shop/core/messages';
import type { CartItem, GuestLine, Product } from '@shop/core/schemas';
import { sizeAvailable } from '@shop/core/stock';
import { call } from './api-client.ts';
import { invalidateQueries } from './query.ts';
import { createStore, useStore } from './store.ts';

export interface GuestCartLine extends GuestLine {
  /** the product as read when the line was added (or when the cart last read it again) */
  item: Product;
}

export interface GuestCart {
  lines: GuestCartLine[];
  couponCode: string | null;
}

const STORAGE_KEY = 'shop-guest-cart';
const EMPTY: GuestCart = { lines: [], couponCode: null };

function read(): GuestCart {
  if (typeof localStorage === 'undefined') return EMPTY;
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<GuestCart> | null;
    if (!saved || !Array.isArray(saved.lines)) return EMPTY;
    const lines = saved.lines.filter(
      (line): line is GuestCartLine =>
        typeof line?.product === 'string' && typeof line.size === 'string' && Number.isInteger(line.quantity) && line.quantity > 0 && typeof line.item?.name === 'string',
    );
    return { lines, couponCode: typeof saved.couponCode === 'string' && saved.couponCode ? saved.couponCode : null };
  } catch {
    return EMPTY;
  }
}

// a server-rendered page holds no visitor's cart: the browser's fills in once the page is hydrated
export const guestCartStore = createStore<GuestCart>(typeof window === 'undefined' ? EMPTY : read(), EMPTY);

function save(next: GuestCart): void {
  guestCartStore.set(next);
  try {
    if (next.lines.length === 0 && !next.couponCode) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage full or refused: the cart lives for this page's life
  }
}

if (typeof window !== 'undefined') {
  // another tab changed the cart
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) guestCartStore.set(read());
  });
}

export function useGuestCart(): GuestCart {
  return useStore(guestCartStore);
}

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
  save({ ...cart, lines });
  return MESSAGES.cartItemAdded;
}

/** A line's new quantity, no more than its size has left (as the product was last read); throws the refusal. */
export function setGuestQuantity(id: string, quantity: number): void {
  const cart = guestCartStore.get();
  const line = cart.lines.find((each) => guestLineId(each) === id);
  const entry = line?.item.sizes.find((candidate) => candidate.size === line.size);
  if (line && entry && entry.stock !== null && quantity > entry.stock) throw new Error(onlyLeft(entry.stock, line.size));
  save({ ...cart, lines: cart.lines.map((line) => (guestLineId(line) === id ? { ...line, quantity } : line)) });
}

export function removeGuestLine(id: string): void {
  const cart = guestCartStore.get();
  save({ ...cart, lines: cart.lines.filter((line) => guestLineId(line) !== id) });
}

export function setGuestCoupon(code: string | null): void {
  save({ ...guestCartStore.get(), couponCode: code });
}

export function clearGuestCart(): void {
  save(EMPTY);
}

/** Keeps each line's product as the API reads it now (price, stock, names); a product gone is left out. */
export function refreshGuestProducts(products: ReadonlyMap<string, Product | null>): void {
  const cart = guestCartStore.get();
  const lines = cart.lines.flatMap((line) => {
    if (!products.has(line.product)) return [line];
    const item = products.get(line.product);
    return item ? [{ ...line, item }] : [];
  });
  save({ ...cart, lines });
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
