// The cart, its price, discount codes on it and a guest's cart in the browser (PRODUCT section 8).
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { ProductSchema } from './catalog.ts';
import { blankToUndefined, GovernorateSchema, IdSchema, PaymentWaySchema, QuantitySchema, SizeSchema } from './fields.ts';

export const CartItemSchema = z.object({
  _id: z.string(),
  product: ProductSchema,
  size: z.string(),
  quantaty: z.number(),
  nameProduct: z.string(),
  imageProduct: z.string(),
  priceProduct: z.number(),
  createdAt: z.string(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

// SPEC's client sends the whole product or its id; the name, image and price it sends are only echoes
// of what the server already knows, so they are accepted and ignored.
export const AddCartBodySchema = z.object({
  product: z.union([IdSchema, z.object({ _id: IdSchema })], { error: 'Product is required' }),
  quantaty: QuantitySchema,
  /** Required when the product comes in more than one size. */
  size: SizeSchema.optional(),
});

export const UpdateCartBodySchema = z.object({ quantaty: QuantitySchema });

/** A cart's (or a guest's lines') price (PRODUCT section 8, "The price of a cart"), in EGP. */
export const CartSummarySchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  codFee: z.number(),
  total: z.number(),
  couponCode: z.string().nullable(),
  /** the subtotal from which delivery to this governorate is free, or null */
  freeShippingFrom: z.number().nullable(),
  governorate: GovernorateSchema,
  way: PaymentWaySchema,
  minDays: z.number(),
  maxDays: z.number(),
  /** the code kept on the cart no longer applies: why (the figures are without it) */
  couponMessage: z.string().optional(),
  /** the quote's lines as the shop has them now: products, prices and each size's stock (a guest's cart shows these) */
  items: z.array(CartItemSchema).optional(),
  /** the quote's lines whose product no longer exists, by product id (the browser drops them) */
  missing: z.array(z.string()).optional(),
});
export type CartSummary = z.infer<typeof CartSummarySchema>;

export const CartSummaryQuerySchema = z.object({
  governorate: z.preprocess(blankToUndefined, GovernorateSchema.optional()),
  way: z.preprocess(blankToUndefined, PaymentWaySchema.optional()),
});

export const CartCouponBodySchema = z.object({ code: z.string({ error: 'Code is required' }).trim().min(1, { error: 'Code is required' }).max(40, { error: MESSAGES.couponNotValid }) });

/** A line of a cart kept in the browser (a guest's). */
export const GuestLineSchema = z.object({ product: IdSchema, size: SizeSchema, quantity: QuantitySchema });
export type GuestLine = z.infer<typeof GuestLineSchema>;
export const GuestLinesSchema = z.array(GuestLineSchema, { error: 'lines must be a list' }).min(1, { error: MESSAGES.cartEmpty }).max(100);

export const QuoteBodySchema = z.object({
  lines: GuestLinesSchema,
  governorate: z.preprocess(blankToUndefined, GovernorateSchema.optional()),
  way: z.preprocess(blankToUndefined, PaymentWaySchema.optional()),
  couponCode: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
});

/** A cart kept in the browser, merged into the server's at login: a line already there grows, up to its size's stock. */
export const MergeCartBodySchema = z.object({ lines: z.array(GuestLineSchema, { error: 'lines must be a list' }).max(100) });
