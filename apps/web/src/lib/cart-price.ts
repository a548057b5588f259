// What a cart costs (PRODUCT section 8, "The price of a cart"): always the server's figures, for the governorate and
// the way of paying the shopper chose, with the discount code. A customer's cart is priced by GET /api/cart/summary
// (its code lives on the server's cart); a visitor's by POST /api/cart/quote with the browser's lines and code. The
// cart and the checkout read it; lib/, not a feature, since both features share it. Not in the first-load chunk.
import { GOVERNORATES, type Governorate, type PaymentWay } from '@shop/core/constants';
import { MESSAGES } from '@shop/core/messages';
import type { CartSummary } from '@shop/core/contract/cart';
import { ApiError, call } from './api-client.ts';
import { guestCartStore, guestLines, setGuestCoupon, useGuestCart, type GuestCart } from './guest-cart.ts';
import { invalidateQueries, setQueryData, useQuery } from './query.ts';
import { sessionStore, useSession } from './session.ts';
import { createStore, useStore } from './store.ts';

/** A cart's price; `codeRefused`: the reason the browser's code no longer applies (the price is then without it). */
export type CartPrice = CartSummary & { codeRefused?: string };

// the governorate the shopper chose in the cart is the checkout's first choice, and back
const governorateStore = createStore<Governorate>(GOVERNORATES[0]);
export const useChosenGovernorate = () => useStore(governorateStore);
// whether she chose one in this visit (the cart's select or the checkout's): a filled-in one never replaces hers
let chosenByHer = false;
export const chooseGovernorate = (governorate: Governorate) => {
  chosenByHer = true;
  governorateStore.set(governorate);
};

/** Her last order's governorate, unless she chose one in this visit; answers the one now chosen. */
export function suggestGovernorate(governorate: Governorate): Governorate {
  if (!chosenByHer) governorateStore.set(governorate);
  return governorateStore.get();
}

const summaryPrefix = (userId: string) => `cart:${userId}:summary:`;
const summaryKey = (userId: string, governorate: Governorate, way: PaymentWay) => `${summaryPrefix(userId)}${governorate}:${way}`;
const quoteKey = (cart: GuestCart, governorate: Governorate, way: PaymentWay) =>
  `quote:${JSON.stringify(guestLines(cart))}:${cart.couponCode ?? ''}:${governorate}:${way}`;

async function quote(cart: GuestCart, governorate: Governorate, way: PaymentWay, signal?: AbortSignal): Promise<CartPrice> {
  const body = { lines: guestLines(cart), governorate, way };
  if (!cart.couponCode) return call('cartQuote', { body, signal });
  try {
    return await call('cartQuote', { body: { ...body, couponCode: cart.couponCode }, signal });
  } catch (error) {
    // the code no longer applies (expired, used up, below its minimum now): the price without it, and why
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const without = await call('cartQuote', { body, signal });
    return { ...without, codeRefused: error.message };
  }
}

/**
 * The price of the shopper's cart, read again when the governorate, the way, the code or the lines change. `active`
 * false waits (an empty cart, a cart still loading). A change to the customer's cart reads it again (lib/cart.ts drops
 * the `cart:` keys); a visitor's lines are part of the key.
 */
export function useCartPrice(governorate: Governorate, way: PaymentWay, active: boolean) {
  const user = useSession();
  const guest = useGuestCart();
  const customer = user && !user.isAdmin ? user : null;
  const key = !active ? null : customer ? summaryKey(customer.id, governorate, way) : guest.lines.length > 0 ? quoteKey(guest, governorate, way) : null;
  return useQuery<CartPrice>(
    key,
    (signal) => (customer ? call('cartSummary', { query: { governorate, way }, signal }) : quote(guest, governorate, way, signal)),
    { staleMs: 10_000 },
  );
}

/** The customer's cart changed: its prices are read again. */
export function refetchCartPrice(): void {
  const user = sessionStore.get();
  if (user) invalidateQueries(summaryPrefix(user.id));
}

/** Applies a code; answers the sentence to say, or throws the API's reason (400) to show at the field. */
export async function applyCode(code: string, governorate: Governorate, way: PaymentWay): Promise<string> {
  const user = sessionStore.get();
  if (user) {
    const { message, ...summary } = await call('applyCoupon', { body: { code }, query: { governorate, way } });
    // every other governorate's and way's price changes too
    invalidateQueries(summaryPrefix(user.id));
    setQueryData<CartPrice>(summaryKey(user.id, governorate, way), summary);
    return message;
  }
  const cart = guestCartStore.get();
  const priced = await call('cartQuote', { body: { lines: guestLines(cart), governorate, way, couponCode: code } });
  const applied = priced.couponCode ?? code;
  setQueryData<CartPrice>(quoteKey({ ...cart, couponCode: applied }, governorate, way), priced);
  setGuestCoupon(applied);
  return MESSAGES.couponApplied;
}

export async function removeCode(governorate: Governorate, way: PaymentWay): Promise<string> {
  const user = sessionStore.get();
  if (user) {
    const { message, ...summary } = await call('removeCoupon', { query: { governorate, way } });
    invalidateQueries(summaryPrefix(user.id));
    setQueryData<CartPrice>(summaryKey(user.id, governorate, way), summary);
    return message;
  }
  setGuestCoupon(null);
  return MESSAGES.couponRemoved;
}
