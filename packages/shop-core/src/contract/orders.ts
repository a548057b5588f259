// Orders: their answers, the checkout's bodies, guests' orders and the staff's moves (SPEC section 7, PRODUCT sections 4, 7 and 8).
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';
import { GOVERNORATES, PAYMENT_WAYS, PAYMOB_METHODS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { ORDER_STATUSES, PLACED_STATUSES } from '../order-status.ts';
import { GuestLinesSchema } from './cart.ts';
import { ProductSchema } from './catalog.ts';
import { blankToUndefined, EmailSchema, IdSchema, missing, numericString, PageQuerySchema, PasswordSchema, PaymentWaySchema, QuantitySchema, text } from './fields.ts';
import { ConsentChoicesSchema } from './privacy.ts';
import { ShipmentSchema } from './shipping.ts';

/** The product as it was when ordered: its Arabic name too, if it had one (issue 18). */
export const OrderProductSnapshotSchema = ProductSchema.pick({
  _id: true,
  name: true,
  price: true,
  disCountPrecent: true,
  images: true,
  category: true,
  gender: true,
  nameAr: true,
});
export type OrderProductSnapshot = z.infer<typeof OrderProductSnapshotSchema>;

/** An order's line as the database keeps it: the product as it was when ordered, and the unit price paid. */
export const OrderLineSnapshotSchema = z.object({
  product: OrderProductSnapshotSchema,
  size: z.string(),
  quantity: z.number().int(),
  unitPiastres: z.number().int(),
  /**
   * The order took this line's pieces from its size's stock (the size was tracked then): a cancel gives back only
   * those. Lines stored before the field existed have none, and a cancel gives nothing back for them (decision 011).
   * Kept in the database only: the order's answer (OrderSchema) lists its own fields.
   */
  stockTaken: z.boolean().optional(),
});
export type OrderLineSnapshot = z.infer<typeof OrderLineSnapshotSchema>;

/** A step of an order's life: the status it moved to, and when (ISO 8601). */
/**
 * `by`: who moved it (a staff member's or admin's username, "customer", "system", or a courier's name: "bosta"); absent
 * on older entries. `reason`: why, when the move says more than its status (`returned`: the courier brought the parcel
 * back to the shop, PRODUCT section 9).
 */
export const StatusChangeSchema = z.object({ status: z.enum(ORDER_STATUSES), at: z.string(), by: z.string().optional(), reason: z.enum(['returned']).optional() });
export type StatusChange = z.infer<typeof StatusChangeSchema>;

/** PRODUCT section 9, "Confirming cash orders": whether a cash order is confirmed before it ships, and every try. */
export const CONFIRMATION_STATUSES = ['pending', 'confirmed', 'declined', 'not-needed'] as const;
export type ConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];
export const CONFIRMATION_CHANNELS = ['whatsapp', 'call', 'link'] as const;
export const CONFIRMATION_OUTCOMES = ['confirmed', 'declined', 'no-answer', 'sent'] as const;
/** what staff log after a call */
export const CALL_OUTCOMES = ['confirmed', 'declined', 'no-answer'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const ConfirmationAttemptSchema = z.object({
  at: z.string(),
  channel: z.enum(CONFIRMATION_CHANNELS),
  outcome: z.enum(CONFIRMATION_OUTCOMES),
  /** a staff member's username, "customer", or "system" */
  by: z.string(),
  note: z.string(),
});
export type ConfirmationAttempt = z.infer<typeof ConfirmationAttemptSchema>;

export const ConfirmationSchema = z.object({
  status: z.enum(CONFIRMATION_STATUSES),
  /** when it was confirmed or declined; null while pending or when none is needed */
  at: z.string().nullable(),
  by: z.string().nullable(),
  attempts: z.array(ConfirmationAttemptSchema),
});
export type Confirmation = z.infer<typeof ConfirmationSchema>;

/** The shop's own orders to the order's phone number (staff and admin answers): what became of them. */
export const CustomerHistorySchema = z.object({ delivered: z.number().int(), refused: z.number().int(), canceled: z.number().int() });
export type CustomerHistory = z.infer<typeof CustomerHistorySchema>;

export const OrderSchema = z.object({
  _id: z.string(),
  /** the short number people name the order by, shown "#1001" (PRODUCT section 2); `_id` stays its key */
  number: z.number().int(),
  /** the customer's id; null for a guest's order (PRODUCT section 8, "Guest checkout") */
  user: z.string().nullable(),
  username: z.string().optional(),
  firstName: z.string(),
  secondName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  Governorate: z.string(),
  city: z.string(),
  address: z.string(),
  wayForPayment: z.enum(PAYMENT_WAYS),
  totalPrice: z.number(),
  isCanceled: z.boolean(),
  createdAt: z.string(),
  /** PRODUCT section 7: where the order is now, and when it got to each status, oldest first */
  status: z.enum(ORDER_STATUSES),
  history: z.array(StatusChangeSchema),
  products: z.array(z.object({ product: OrderProductSnapshotSchema, size: z.string(), quantity: z.number(), unitPrice: z.number() })),
  /** a canceled card order's refund (decision 026): back on the card, or on its way while the processor is tried again */
  refund: z.object({ amount: z.number(), status: z.enum(['pending', 'refunded']) }).optional(),
  /** PRODUCT section 8: totalPrice = subtotal - discount + shipping + codFee (older orders: what they were charged) */
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  codFee: z.number(),
  couponCode: z.string().nullable(),
  /**
   * A payment through Paymob (PRODUCT section 4): how, until when the order holds its pieces while it waits, and a
   * kiosk payment's reference for the shopper to pay with once Paymob has given it.
   */
  payment: z.object({ provider: z.literal('paymob'), method: z.enum(PAYMOB_METHODS), holdUntil: z.string(), reference: z.string().nullable() }).optional(),
  /** PRODUCT section 9: a cash order's confirmation before it ships (every answer carries it) */
  confirmation: ConfirmationSchema.optional(),
  /** PRODUCT section 9: staff and admin answers only */
  customerHistory: CustomerHistorySchema.optional(),
  /** PRODUCT section 9: its parcel with the courier, once staff sent it (staff, the admin and its owner see it) */
  shipment: ShipmentSchema.optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/** The admin's orders list: all, or those in one status; `search`, an order's number ("1001", "#1001", "١٠٠١"). */
export const OrderListQuerySchema = PageQuerySchema.extend({
  status: z.preprocess(
    blankToUndefined,
    z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  ),
  search: z.preprocess(blankToUndefined, z.string().max(40, { error: MESSAGES.orderSearchNotNumber }).optional()),
  /** PRODUCT section 9: the orders whose confirmation is in this state, oldest first (`pending`: the confirmation queue) */
  confirmation: z.preprocess(
    blankToUndefined,
    z.enum(CONFIRMATION_STATUSES, { error: `confirmation must be one of ${CONFIRMATION_STATUSES.join(', ')}` }).optional(),
  ),
});

/** POST /api/orders/{id}/confirmation: what a call to the shopper came to, and a note. */
export const ConfirmationBodySchema = z.object({
  outcome: z.enum(CALL_OUTCOMES, { error: `outcome must be one of ${CALL_OUTCOMES.join(', ')}` }),
  note: z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string({ error: 'Note must be text' }).trim().max(500, { error: 'Note must be at most 500 characters' })),
});

/** POST /api/orders/{id}/confirm: the shopper's answer from the link in her mail (public; the token is the key). */
export const ShopperConfirmBodySchema = z.object({
  token: z.string({ error: MESSAGES.orderNotFound }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: MESSAGES.orderNotFound }),
  answer: z.enum(['confirm', 'cancel'], { error: 'answer must be confirm or cancel' }),
});

export const OrderStatusBodySchema = z.object({
  status: z.enum(PLACED_STATUSES, { error: `status must be one of ${PLACED_STATUSES.join(', ')}` }),
});

/** The checkout's billing details. */
export const BillingSchema = z.object({
  firstName: text('First name', 60),
  secondName: text('Second name', 60),
  email: EmailSchema,
  phoneNumber: text('Phone', 30).regex(/^\+?[\d\s-]{6,20}$/, { error: 'Please write a valid phone number' }),
  Governorate: z.enum(GOVERNORATES, { error: 'Please choose a governorate' }),
  city: text('City', 80),
  address: text('Address', 300),
});

/** The marketing and analytics boxes of the checkout (PRODUCT section 9): a guest's are kept with her order. */
const checkoutConsents = { consents: ConsentChoicesSchema.optional() };

export type Billing = z.infer<typeof BillingSchema>;

export const NewOrderBodySchema = BillingSchema.extend({
  ...checkoutConsents,
  wayForPayment: z.enum(PAYMENT_WAYS, { error: 'Payment way must be cash or credit' }),
  totalPrice: z.preprocess(
    numericString,
    z.number({ error: (issue) => (missing(issue.input) ? 'Total price is required' : 'Total price must be a number') }).min(0).max(100_000_000),
  ),
  productId: z.array(IdSchema, { error: 'productId must be a list' }).min(1, { error: MESSAGES.cartEmpty }).max(200),
  quantaties: z.array(QuantitySchema, { error: 'quantaties must be a list' }).min(1, { error: MESSAGES.cartEmpty }).max(200),
  paymentIntentId: z.string().max(200).optional(),
  /** a discount code (PRODUCT section 8); without it, the code applied to the cart, if any */
  couponCode: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
});
export type NewOrderBody = z.infer<typeof NewOrderBodySchema>;

/** A guest's order (PRODUCT section 8, "Guest checkout"): new-order's billing fields, the lines of the browser's cart. */
export const GuestOrderBodySchema = BillingSchema.extend({
  ...checkoutConsents,
  lines: GuestLinesSchema,
  wayForPayment: PaymentWaySchema.default('cash'),
  couponCode: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
  /** what the guest saw; when sent it must agree with the server's total */
  totalPrice: z.preprocess(numericString, z.number({ error: 'Total price must be a number' }).min(0).max(100_000_000).optional()),
});
export type GuestOrderBody = z.infer<typeof GuestOrderBodySchema>;

/**
 * POST /api/orders/checkout (PRODUCT section 4, Paymob): the order is written first, awaiting its payment. A customer
 * (with a token) pays for their cart; a guest sends the lines of the browser's cart.
 */
export const CheckoutBodySchema = BillingSchema.extend({
  ...checkoutConsents,
  method: z.enum(PAYMOB_METHODS, { error: 'Please choose how to pay' }),
  couponCode: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
  /** a guest's lines; a customer's order is their cart */
  lines: GuestLinesSchema.optional(),
  /** what the shopper saw; when sent it must agree with the server's total */
  totalPrice: z.preprocess(numericString, z.number({ error: 'Total price must be a number' }).min(0).max(100_000_000).optional()),
});
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

export const CheckoutAnswerSchema = z.object({
  order: OrderSchema,
  /** the intention's secret, for Paymob's embedded checkout (Pixel) or its Unified Checkout */
  clientSecret: z.string(),
  publicKey: z.string(),
  /** Paymob's Unified Checkout for this payment: where a wallet or kiosk payment is made */
  checkoutUrl: z.string(),
  /** a guest's order's token (as POST /api/orders/guest answers it) */
  guestToken: z.string().optional(),
});
export type CheckoutAnswer = z.infer<typeof CheckoutAnswerSchema>;

/** POST /api/orders/{id}/pay: another way to pay an order awaiting its payment; none (or its own): the same payment again. */
export const PayOrderBodySchema = z.object({
  method: z.enum(PAYMOB_METHODS, { error: 'Please choose how to pay' }).optional(),
});

export const GuestOrderTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: MESSAGES.orderNotFound });

export const GuestAccountBodySchema = z.object({ password: PasswordSchema });
