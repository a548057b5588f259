// A visitor's cart, kept in the browser (PRODUCT section 8, "Guest checkout"): its lines and the code typed for it,
// in localStorage. This file is only the stored value, which the navbar's count reads on every page; what changes it
// (lib/guest-cart.ts) loads with the screens that do.
import type { GuestLine } from '@shop/core/contract/cart';
import type { Product } from '@shop/core/contract/catalog';
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
export const EMPTY_GUEST_CART: GuestCart = { lines: [], couponCode: null };

function read(): GuestCart {
  if (typeof localStorage === 'undefined') return EMPTY_GUEST_CART;
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<GuestCart> | null;
    if (!saved || !Array.isArray(saved.lines)) return EMPTY_GUEST_CART;
    const lines = saved.lines.filter(
      (line): line is GuestCartLine =>
        typeof line?.product === 'string' && typeof line.size === 'string' && Number.isInteger(line.quantity) && line.quantity > 0 && typeof line.item?.name === 'string',
    );
    return { lines, couponCode: typeof saved.couponCode === 'string' && saved.couponCode ? saved.couponCode : null };
  } catch {
    return EMPTY_GUEST_CART;
  }
}

// a server-rendered page holds no visitor's cart: the browser's fills in once the page is hydrated
export const guestCartStore = createStore<GuestCart>(typeof window === 'undefined' ? EMPTY_GUEST_CART : read(), EMPTY_GUEST_CART);

export function saveGuestCart(next: GuestCart): void {
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

