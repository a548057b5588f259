// The cart, its price and discount codes on it.
import { z } from 'zod';
import { AddCartBodySchema, CartCouponBodySchema, CartItemSchema, CartSummaryQuerySchema, CartSummarySchema, MergeCartBodySchema, QuoteBodySchema, UpdateCartBodySchema } from '../contract/cart.ts';
import { MessageSchema } from '../contract/fields.ts';
import { routes } from '../routes.ts';
import { endpoint, IdParams, withMessage } from './endpoint.ts';

export const cartEndpoints = {
  getCart: endpoint(routes.getCart, { summary: "The caller's cart", status: 200, answer: z.array(CartItemSchema), errors: [] }),
  addToCart: endpoint(routes.addToCart, {
    summary: 'Add a product in a size to the cart (an existing line in that size grows)',
    body: AddCartBodySchema,
    status: 201,
    answer: withMessage(CartItemSchema),
    errors: [404, 409],
  }),
  updateCartItem: endpoint(routes.updateCartItem, {
    summary: "Set a cart line's quantity",
    params: IdParams,
    body: UpdateCartBodySchema,
    status: 200,
    answer: withMessage(CartItemSchema),
    errors: [404, 409],
  }),
  deleteCartItem: endpoint(routes.deleteCartItem, {
    summary: 'Remove a cart line',
    params: IdParams,
    status: 200,
    answer: MessageSchema,
    errors: [404],
  }),
  clearCart: endpoint(routes.clearCart, { summary: 'Empty the cart', status: 200, answer: MessageSchema, errors: [] }),
  cartSummary: endpoint(routes.cartSummary, {
    summary: "What the caller's cart costs delivered to a governorate (Cairo when left out), paid one way (cash when left out), with its code",
    query: CartSummaryQuerySchema,
    status: 200,
    answer: CartSummarySchema,
    errors: [400],
  }),
  cartQuote: endpoint(routes.cartQuote, {
    summary: "What a guest's lines cost delivered to a governorate, paid one way, with a code",
    body: QuoteBodySchema,
    status: 200,
    answer: CartSummarySchema,
    errors: [400, 404, 409, 429],
  }),
  applyCoupon: endpoint(routes.applyCoupon, {
    summary: "Apply a discount code to the caller's cart; answers the cart's price (Cairo, cash) or 400 with the reason (one sentence for every code that cannot be used); limited per address like the quote",
    body: CartCouponBodySchema,
    query: CartSummaryQuerySchema,
    status: 200,
    answer: CartSummarySchema.extend({ message: z.string() }),
    errors: [400, 429],
  }),
  removeCoupon: endpoint(routes.removeCoupon, {
    summary: "Take the discount code off the caller's cart",
    query: CartSummaryQuerySchema,
    status: 200,
    answer: CartSummarySchema.extend({ message: z.string() }),
    errors: [],
  }),
  mergeCart: endpoint(routes.mergeCart, {
    summary: "Add the lines of the cart kept in the browser (at login): a line already in the cart grows, up to its size's stock; lines that no longer exist are left out",
    body: MergeCartBodySchema,
    status: 200,
    answer: z.array(CartItemSchema),
    errors: [],
  }),
};
