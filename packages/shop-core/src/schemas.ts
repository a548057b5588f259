// The wire contract (SPEC section 7, PRODUCT section 1): one zod schema per request and answer,
// used by the API routes, the storefront's forms and the tests. Unknown fields are stripped.
import { z } from 'zod';
import {
  COUPON_KINDS, DISCOUNT_MAX, DISCOUNT_MIN, GENDERS, GOVERNORATES, IMAGES_PER_PRODUCT_MAX, PAGE_LIMIT_MAX, PASSWORD_MIN_LENGTH, PAYMENT_WAYS, PAYMOB_METHODS,
  AUDIT_ENTITIES, ONE_SIZE, QUANTITY_MAX, QUANTITY_MIN, ROLES, SHOP_SORTS, SIZES, STOCK_MAX,
} from './constants.ts';
import { accentProblem, isHexColour, normalizeHex } from './colour.ts';
import { MESSAGES, unknownSize } from './messages.ts';
import { ORDER_STATUSES, PLACED_STATUSES } from './order-status.ts';
import { REPORT_DAYS_MAX, daysIn, isCalendarDate } from './report-dates.ts';

const missing = (value: unknown) => value === undefined || value === null;

// PostgreSQL cannot store a NUL character in text: refused here as bad input instead of failing as a 500.
const hasNoNul = (value: string) => !value.includes('\u0000');
const nulMessage = (label: string) => `${label} contains a character that is not allowed`;

export function text(label: string, max: number) {
  return z
    .string({ error: (issue) => (missing(issue.input) ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine(hasNoNul, { error: nulMessage(label) });
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const numericString = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

export const EmailSchema = z
  .string({ error: (issue) => (missing(issue.input) ? 'Email is required' : 'Email must be text') })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required' })
  .max(254, { error: 'Email must be at most 254 characters' })
  .pipe(z.email({ error: 'Please enter a valid email' }));

export const PasswordSchema = z
  .string({ error: (issue) => (missing(issue.input) ? 'Password is required' : 'Password must be text') })
  .min(1, { error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(200, { error: 'Password must be at most 200 characters' });

// Profile and order calls take an id or a username, so a username must never look like an id.
// Invisible and direction-control characters (zero-width space, U+202E, U+2066, soft hyphen: every Unicode
// format character) would let one name pass for another in the admin's lists.
export const UsernameSchema = text('Username', 40)
  .refine((value) => !/\p{Cf}/u.test(value), { error: 'Username may not contain invisible or direction-control characters' })
  .regex(/^[^\s/?#%\\]+(?: [^\s/?#%\\]+)*$/u, { error: 'Username may not contain / ? # % or \\' })
  .refine((value) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value), {
    error: 'Username may not look like an account id',
  });

export const GenderSchema = z.enum(GENDERS, { error: 'Gender must be men or women' });

export const PriceSchema = z.preprocess(
  (value) => numericString(blankToUndefined(value)),
  z
    .number({ error: (issue) => (missing(issue.input) ? 'Price is required' : 'Price must be a number') })
    .gt(0, { error: MESSAGES.priceAboveZero })
    .max(1_000_000, { error: 'Price must be at most 1,000,000' })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: 'Price can have at most 2 decimals',
    }),
);

// A blank discount, or the string "undefined" that SPEC's original form sends, means no discount.
export const DiscountSchema = z.preprocess(
  (value) => (missing(value) || value === 'undefined' ? 0 : numericString(blankToUndefined(value) ?? 0)),
  z
    .number({ error: MESSAGES.discountRange })
    .int({ error: 'Discount must be a whole number' })
    .min(DISCOUNT_MIN, { error: MESSAGES.discountRange })
    .max(DISCOUNT_MAX, { error: MESSAGES.discountRange }),
);

export const QuantitySchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: (issue) => (missing(issue.input) ? 'Quantity is required' : 'Quantity must be a whole number') })
    .int({ error: 'Quantity must be a whole number' })
    .min(QUANTITY_MIN, { error: `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}` })
    .max(QUANTITY_MAX, { error: `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}` }),
);

export const IdSchema = text('Id', 200);

export const ImageUrlSchema = z
  .string({ error: MESSAGES.imageLinkRequired })
  .trim()
  .min(1, { error: MESSAGES.imageLinkRequired })
  .max(2000, { error: 'Image links must be at most 2000 characters' })
  .refine((value) => /^(https?:\/\/[^\s]+|\/images\/[\w.-]+)$/i.test(value), { error: MESSAGES.imageLinkInvalid });

// ---- sizes and stock (PRODUCT section 7) ---------------------------------------------------------

const SIZE_SET: ReadonlySet<string> = new Set(SIZES);

/** One of the shop's size names ("XS"…"XXL", "38"…"45", "One size"); anything else is named in the 400. */
export const SizeSchema = z
  .string({ error: (issue) => (missing(issue.input) ? MESSAGES.chooseSize : 'Size must be text') })
  .trim()
  .min(1, { error: MESSAGES.chooseSize })
  .refine((value) => SIZE_SET.has(value), { error: (issue) => unknownSize(String(issue.input).slice(0, 40)) });

/** A whole number of pieces, 0 or more; null (or left out) means the size's stock is not tracked. */
export const StockSchema = z.preprocess(
  (value) => (value === undefined || value === '' ? null : numericString(value)),
  z
    .number({ error: 'Stock must be a whole number of 0 or more, or not tracked' })
    .int({ error: 'Stock must be a whole number' })
    .min(0, { error: 'Stock cannot be negative' })
    .max(STOCK_MAX, { error: `Stock must be at most ${STOCK_MAX}` })
    .nullable(),
);

/**
 * One size as the admin saves it. `loadedStock`, optional, is the stock the admin's form showed for this size when it
 * was opened (null: not tracked). It keeps a save from undoing what happened meanwhile: a size saved with the stock it
 * was loaded with is left as it is now (the pieces sold since stay sold), and a size whose stock the admin changed is
 * refused with 409, naming the figure now, when its stock is no longer the loaded one. Without it (SPEC's client sends
 * no sizes at all; an API client that counts its shelves) the stock sent is the stock to set, as before. Ignored on add.
 */
export const SizeStockSchema = z.object({
  size: SizeSchema,
  stock: StockSchema,
  loadedStock: StockSchema.optional().meta({
    description:
      'Update only: the stock the form showed when it was opened (null: not tracked). Equal to `stock`: the size is left as it is now. ' +
      'Different: 409 when the stock is no longer this figure. Left out: `stock` is set as sent.',
  }),
});
/** A size as the add and update calls take it: its stock, and the stock the admin's form loaded. */
export type SizeToSave = z.infer<typeof SizeStockSchema>;
/** One of a product's sizes and the pieces left in it; null: not tracked. */
export type SizeStock = Pick<SizeToSave, 'size' | 'stock'>;

/** A product's sizes in the admin's order: a list, or a JSON text of one (a multipart form field). */
export const SizesSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z
    .array(SizeStockSchema, { error: 'Sizes must be a list of { size, stock }' })
    .min(1, { error: 'A product needs at least one size' })
    .max(SIZES.length, { error: `A product can have at most ${SIZES.length} sizes` })
    .superRefine((sizes, context) => {
      const seen = new Set<string>();
      for (const { size } of sizes) {
        if (seen.has(size)) context.addIssue({ code: 'custom', message: `Size ${size} is listed twice` });
        seen.add(size);
      }
      if (sizes.length > 1 && seen.has(ONE_SIZE)) {
        context.addIssue({ code: 'custom', message: `"${ONE_SIZE}" cannot be combined with other sizes` });
      }
    }),
);

/** What a product added without sizes (SPEC's form) gets. */
export const DEFAULT_SIZES: SizeStock[] = [{ size: ONE_SIZE, stock: null }];


// ---- colours and filters (PRODUCT section 8, "Finding the right piece") --------------------------------

export const COLOR_NAME_MAX = 40;
export const STYLE_MAX = 80;

/** A product's colour as answers carry it: its name in both languages ('' when none) and its swatch's hex. */
export const ColorSchema = z.object({ name: z.string(), nameAr: z.string(), hex: z.string() });
export type Color = z.infer<typeof ColorSchema>;

/** A product's colour as the admin sets it. */
export const ColorFieldSchema = z.object({
  name: text('Colour name', COLOR_NAME_MAX),
  nameAr: z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z
      .string({ error: 'Arabic colour name must be text' })
      .trim()
      .max(COLOR_NAME_MAX, { error: `Arabic colour name must be at most ${COLOR_NAME_MAX} characters` })
      .refine(hasNoNul, { error: nulMessage('Arabic colour name') }),
  ),
  hex: z
    .string({ error: 'Colour must be a hex colour, like #1f2937' })
    .trim()
    .refine(isHexColour, { error: 'Colour must be a hex colour, like #1f2937' })
    .transform(normalizeHex),
});

/** A comma list in the address (`size=M,L`), or the same name repeated (`size=M&size=L`, what a GET form sends). */
const commaList = <Item extends z.ZodType<string>>(item: Item, label: string) =>
  z.preprocess(
    (value) => {
      const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]));
      const items = parts.map((part) => (typeof part === 'string' ? part.trim() : part)).filter((part) => part !== '' && part !== undefined);
      return items.length === 0 ? undefined : items;
    },
    z.array(item).max(20, { error: `${label} can list at most 20 values` }).optional(),
  );

const priceBound = (label: string) =>
  z.preprocess(
    (value) => numericString(blankToUndefined(value)),
    z.number({ error: `${label} must be a number` }).min(0, { error: `${label} cannot be negative` }).max(1_000_000, { error: `${label} must be at most 1,000,000` }).optional(),
  );

/** What the shop's listing and its facets are filtered by, beyond gender, category and search. */
export const ShopFilterQuerySchema = z.object({
  size: commaList(SizeSchema, 'Size'),
  color: commaList(z.string().max(COLOR_NAME_MAX, { error: `Colour must be at most ${COLOR_NAME_MAX} characters` }).refine(hasNoNul, { error: nulMessage('Colour') }), 'Colour'),
  minPrice: priceBound('Minimum price'),
  maxPrice: priceBound('Maximum price'),
  sort: z.preprocess(blankToUndefined, z.enum(SHOP_SORTS, { error: `Sort must be one of ${SHOP_SORTS.join(', ')}` }).optional()),
});

export const FacetsSchema = z.object({
  /** the sizes in stock among the products the other filters leave, in the shop's size order */
  sizes: z.array(z.object({ size: z.string(), count: z.number().int() })),
  /** the colours among them, most products first; `nameAr` when a product of that colour has one */
  colors: z.array(z.object({ name: z.string(), nameAr: z.string().optional(), hex: z.string(), count: z.number().int() })),
  /** the lowest and highest price as paid among them (EGP); null when nothing is left */
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
});
export type Facets = z.infer<typeof FacetsSchema>;

// ---- size guides (PRODUCT section 8) ---------------------------------------------------------------

export const SIZE_GUIDE_COLUMNS_MAX = 6;
export const SIZE_GUIDE_NOTE_MAX = 500;

/** A category's size chart as every client reads it: measurements in cm, one row per size, a note in both languages. */
export const SizeGuideSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.object({ size: z.string(), values: z.array(z.string()) })),
  note: z.string(),
  noteAr: z.string(),
});
export type SizeGuide = z.infer<typeof SizeGuideSchema>;

const guideNote = (label: string) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z.string({ error: `${label} must be text` }).trim().max(SIZE_GUIDE_NOTE_MAX, { error: `${label} must be at most ${SIZE_GUIDE_NOTE_MAX} characters` }).refine(hasNoNul, { error: nulMessage(label) }),
  );

/** A size chart as the admin saves it: each row has a value for every column, each size once. */
export const SizeGuideFieldSchema = z
  .object({
    columns: z
      .array(text('Measurement', 30), { error: 'Measurements must be a list' })
      .min(1, { error: 'A size guide needs at least one measurement' })
      .max(SIZE_GUIDE_COLUMNS_MAX, { error: `A size guide can have at most ${SIZE_GUIDE_COLUMNS_MAX} measurements` }),
    rows: z
      .array(z.object({ size: SizeSchema, values: z.array(z.string({ error: 'A measurement must be text' }).trim().max(20, { error: 'A measurement must be at most 20 characters' }).refine(hasNoNul, { error: nulMessage('A measurement') })) }), { error: 'Sizes must be a list' })
      .min(1, { error: 'A size guide needs at least one size' })
      .max(SIZES.length, { error: `A size guide can have at most ${SIZES.length} sizes` }),
    note: guideNote('Size guide note'),
    noteAr: guideNote('Arabic size guide note'),
  }, { error: 'Size guide must be an object' })
  .superRefine((guide, context) => {
    const seen = new Set<string>();
    for (const row of guide.rows) {
      if (seen.has(row.size)) context.addIssue({ code: 'custom', message: `Size ${row.size} is listed twice` });
      seen.add(row.size);
      if (row.values.length !== guide.columns.length) {
        context.addIssue({ code: 'custom', message: `Size ${row.size} needs ${guide.columns.length} measurements, one for each column` });
      }
    }
  });

// ---- reviews (PRODUCT section 8) -----------------------------------------------------------------------

export const REVIEW_FITS = ['small', 'true', 'large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];

/** A product's reviews in short: the average (one decimal, 0 without reviews), how many, and how the fit was found. */
export const ProductRatingSchema = z.object({
  average: z.number(),
  count: z.number().int(),
  fit: z.object({ small: z.number().int(), true: z.number().int(), large: z.number().int() }),
});
export type ProductRating = z.infer<typeof ProductRatingSchema>;

export const ReviewSchema = z.object({
  _id: z.string(),
  product: z.string(),
  user: z.object({ _id: z.string(), username: z.string() }),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  fit: z.enum(REVIEW_FITS),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** The signed-in customer's own review of a product, or null: the product page offers the form only without one. */
/** The caller's own review, and whether she may write one now: none yet, and an order of the product delivered to her. */
export const MyReviewSchema = z.object({ review: ReviewSchema.nullable(), canReview: z.boolean() });

export const ReviewBodySchema = z.object({
  rating: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: 'Rating must be a whole number from 1 to 5' })
      .int({ error: 'Rating must be a whole number from 1 to 5' })
      .min(1, { error: 'Rating must be a whole number from 1 to 5' })
      .max(5, { error: 'Rating must be a whole number from 1 to 5' }),
  ),
  title: text('Title', 120),
  text: text('Review', 2000),
  fit: z.enum(REVIEW_FITS, { error: 'Fit must be small, true or large' }),
});

// ---- back in stock (PRODUCT section 8, decision 040) --------------------------------------------------

/** The size a shopper wants to hear about when it is back in stock. */
export const NotifyBodySchema = z.object({ size: SizeSchema });

/** An ask to be told, as it is kept: the same answer for the first ask and a repeated one. */
export const NotifyAnswerSchema = z.object({ product: z.string(), size: z.string(), message: z.string() });

// ---- answers -------------------------------------------------------------------------------------

export const MessageSchema = z.object({ message: z.string() });

export const ProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  disCountPrecent: z.number(),
  category: z.string(),
  gender: GenderSchema,
  images: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  sizes: z.array(z.object({ size: z.string(), stock: z.number().int().nullable() })),
  inStock: z.boolean(),
  /** Arabic name and description (PRODUCT.md section 7), only when the admin gave them. */
  nameAr: z.string().optional(),
  descriptionAr: z.string().optional(),
  /** the Arabic title of the product's category (its `titleAr`), only when the category has one */
  categoryAr: z.string().optional(),
  /** PRODUCT section 8: the key the colours of one design share, and this product's colour; only when set */
  style: z.string().optional(),
  color: ColorSchema.optional(),
  /**
   * The one-product read only (`GET /api/products/{x}`), for a product with a style: every colour of the style, this
   * one included, oldest first, each with its product's name to link to.
   */
  styleColors: z.array(z.object({ _id: z.string(), name: z.string(), color: ColorSchema })).optional(),
  /** The one-product read only: its category's size chart, when the category has one. */
  sizeGuide: SizeGuideSchema.optional(),
  rating: ProductRatingSchema,
});
export type Product = z.infer<typeof ProductSchema>;

export const CategorySchema = z.object({
  _id: z.string(),
  title: z.string(),
  gender: GenderSchema,
  createdAt: z.string(),
  /** Arabic title (PRODUCT.md section 7), only when the admin gave one. */
  titleAr: z.string().optional(),
  /** PRODUCT section 8: the category's size chart, only when it has one */
  sizeGuide: SizeGuideSchema.optional(),
});
export type Category = z.infer<typeof CategorySchema>;

export const UserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** customer, staff or admin (PRODUCT section 8); `isAdmin` is true exactly for admin */
  role: z.enum(ROLES),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const UserWithWishlistSchema = UserSchema.extend({ wishlist: z.array(ProductSchema) });
export type UserWithWishlist = z.infer<typeof UserWithWishlistSchema>;

export const LoginAnswerSchema = UserSchema.extend({ token: z.string() });
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

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
/** `by`: who moved it (a staff member's or admin's username, "customer" or "system"); absent on older entries. */
export const StatusChangeSchema = z.object({ status: z.enum(ORDER_STATUSES), at: z.string(), by: z.string().optional() });
export type StatusChange = z.infer<typeof StatusChangeSchema>;

export const OrderSchema = z.object({
  _id: z.string(),
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
});
export type Order = z.infer<typeof OrderSchema>;

/** A job of the queue that used up its tries (decision 026): an order's mail or a refund, for the admin to try again. */
export const JOB_TASKS = ['order-mail', 'account-mail', 'refund', 'back-in-stock-mail', 'payment-hold', 'paymob-extra-payment', 'prune-keys'] as const;
export const FailedJobSchema = z.object({
  _id: z.string(),
  task: z.enum(JOB_TASKS),
  orderId: z.string().optional(),
  paymentId: z.string().optional(),
  /** a back-in-stock mail's ask (decision 040) */
  requestId: z.string().optional(),
  /** an order mail's news: placed, shipped, delivered, canceled, refunded */
  event: z.string().optional(),
  attempts: z.number(),
  lastError: z.string(),
  createdAt: z.string(),
  failedAt: z.string(),
});
export type FailedJob = z.infer<typeof FailedJobSchema>;

// ---- requests ------------------------------------------------------------------------------------

export const LoginBodySchema = z.object({ email: EmailSchema, password: PasswordSchema });
export const RegisterBodySchema = z.object({ username: UsernameSchema, email: EmailSchema, password: PasswordSchema });

export const PageQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).optional(),
  limit: z.coerce.number({ error: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` }).int().min(1).max(PAGE_LIMIT_MAX).optional(),
});

/** The admin's products list: all, or those with a size running low, or those sold out in every size. */
export const STOCK_FILTERS = ['low', 'sold-out'] as const;
export const ProductListQuerySchema = PageQuerySchema.extend({
  stock: z.preprocess(blankToUndefined, z.enum(STOCK_FILTERS, { error: 'stock must be low or sold-out' }).optional()),
});

/** The admin's orders list: all, or those in one status. */
export const OrderListQuerySchema = PageQuerySchema.extend({
  status: z.preprocess(
    blankToUndefined,
    z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  ),
});

/** PUT /api/orders/status/{id}: the status an admin moves the order to. */
export const RoleBodySchema = z.object({
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }),
});

export const OrderStatusBodySchema = z.object({
  status: z.enum(PLACED_STATUSES, { error: `status must be one of ${PLACED_STATUSES.join(', ')}` }),
});

const minNotAboveMax = {
  check: (query: { minPrice?: number | undefined; maxPrice?: number | undefined }) =>
    query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
  message: { error: 'Minimum price must not be more than the maximum price', path: ['minPrice'] },
};

/** The facets call: the shop listing's filters, without its paging. */
export const FacetsQuerySchema = z
  .object({
    gender: z.preprocess(blankToUndefined, GenderSchema.optional()),
    category: z.preprocess(
      blankToUndefined,
      z.string().trim().max(100, { error: 'Category must be at most 100 characters' }).refine(hasNoNul, { error: nulMessage('Category') }).optional(),
    ),
    search: z.preprocess(blankToUndefined, z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional()),
  })
  .extend(ShopFilterQuerySchema.shape)
  .refine(minNotAboveMax.check, minNotAboveMax.message);

export const ShopQuerySchema = PageQuerySchema.extend(FacetsQuerySchema.shape).refine(minNotAboveMax.check, minNotAboveMax.message);

/** A JSON text (a multipart field) as the value it holds; blank: null; anything else as it is. */
function jsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** A text the admin may leave out (keep what is there) or blank or null (none). */
const optionalText = (label: string, max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), text(label, max).nullable().optional());

export const ProductFieldsSchema = z.object({
  name: text('Name', 120),
  description: text('Description', 5000),
  nameAr: optionalText('Arabic name', 120),
  descriptionAr: optionalText('Arabic description', 5000),
  price: PriceSchema,
  disCountPrecent: DiscountSchema,
  gender: GenderSchema,
  category: text('Category', 100),
  /** Left out: One size, not tracked, on add; the sizes kept, on update. */
  sizes: SizesSchema.optional(),
  /** Left out: kept on update, none on add; blank or null: none. A JSON text in multipart, like the sizes. */
  style: optionalText('Style', STYLE_MAX),
  color: z.preprocess(jsonText, ColorFieldSchema.nullable().optional()),
});
export type ProductFields = z.infer<typeof ProductFieldsSchema>;

const imageList = <Image extends z.ZodType>(image: Image) =>
  z.array(image).min(1, { error: MESSAGES.chooseImages }).max(IMAGES_PER_PRODUCT_MAX, { error: MESSAGES.tooManyFiles });

export const UpdateProductBodySchema = ProductFieldsSchema.extend({ images: imageList(ImageUrlSchema).optional() });

/** The add and update product forms: the fields, and the images chosen (links, or device files still to upload). */
export const ProductFormSchema = ProductFieldsSchema.extend({ images: imageList(z.unknown()) });

export const AddCategoryBodySchema = z.object({
  title: text('Title', 60),
  gender: GenderSchema,
  titleAr: optionalText('Arabic title', 60),
  sizeGuide: SizeGuideFieldSchema.nullable().optional(),
});

/** A category's title and gender never change (its products keep its title); its Arabic title and size guide do. Left out: kept; null: none. */
export const UpdateCategoryBodySchema = z
  .object({
    titleAr: optionalText('Arabic title', 60),
    sizeGuide: SizeGuideFieldSchema.nullable().optional(),
  })
  .refine((change) => change.titleAr !== undefined || change.sizeGuide !== undefined, { error: 'Send titleAr or sizeGuide to change' });

export const WishlistToggleBodySchema = z.object({ productId: IdSchema });

/**
 * SPEC's client sends `username` and `email`; a new email (not the account's own) also needs `currentPassword`, which
 * the API checks against the account (400 without it or when it is wrong).
 */
export const ProfileUpdateBodySchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  currentPassword: z.string({ error: 'Current password must be text' }).max(200, { error: MESSAGES.currentPasswordWrong }).optional(),
});

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });

/** The token from the reset link: whatever is wrong with it, the shopper hears the one sentence. */
const ResetTokenSchema = z
  .string({ error: MESSAGES.resetLinkInvalid })
  .min(1, { error: MESSAGES.resetLinkInvalid })
  .max(200, { error: MESSAGES.resetLinkInvalid });
export const ResetPasswordBodySchema = z.object({ token: ResetTokenSchema, password: PasswordSchema });

export const ChangePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: (issue) => (missing(issue.input) ? MESSAGES.currentPasswordRequired : 'Current password must be text') })
    .min(1, { error: MESSAGES.currentPasswordRequired })
    .max(200, { error: MESSAGES.currentPasswordWrong }),
  newPassword: PasswordSchema,
});
/** A new token for the session that changed the password: every older one is refused from now on. */
export const ChangePasswordAnswerSchema = z.object({ message: z.string(), token: z.string() });

// SPEC's client sends the whole product or its id; the name, image and price it sends are only echoes
// of what the server already knows, so they are accepted and ignored.
export const AddCartBodySchema = z.object({
  product: z.union([IdSchema, z.object({ _id: IdSchema })], { error: 'Product is required' }),
  quantaty: QuantitySchema,
  /** Required when the product comes in more than one size. */
  size: SizeSchema.optional(),
});

export const UpdateCartBodySchema = z.object({ quantaty: QuantitySchema });

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

export type Billing = z.infer<typeof BillingSchema>;

export const NewOrderBodySchema = BillingSchema.extend({
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

export const PaymentAnswerSchema = z.object({
  client_secret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number(),
  currency: z.literal('egp'),
});

export const SandboxConfirmBodySchema = z.object({
  client_secret: text('client_secret', 200),
  cardNumber: z.string({ error: 'Card number is required' }).max(40, { error: 'Your card number is invalid.' }).optional(),
  expMonth: z.union([z.number(), z.string().max(4)]).optional(),
  expYear: z.union([z.number(), z.string().max(6)]).optional(),
  cvc: z.string().max(8, { error: "Your card's security code is invalid." }).optional(),
});

export const SandboxConfirmAnswerSchema = z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() });

export const PublicConfigSchema = z.object({
  paymentProvider: z.enum(['sandbox', 'stripe', 'paymob']),
  /** Stripe's publishable key, or Paymob's public key */
  publishableKey: z.string().nullable(),
  currency: z.literal('egp'),
  /** Paymob's ways on offer (PAYMOB_INTEGRATIONS), and the address of its embedded checkout's script (Pixel) */
  paymentMethods: z.array(z.enum(PAYMOB_METHODS)).optional(),
  pixelScript: z.string().optional(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

// ---- the brand (PRODUCT section 8) -----------------------------------------------------------------

/** The shop's settings as every client reads them (GET /api/settings); blank texts are empty strings. */
export const SettingsSchema = z.object({
  name: z.string(),
  nameAr: z.string(),
  tagline: z.string(),
  taglineAr: z.string(),
  /** an uploaded image's path (`/images/logo-….png`) or a link; null: the name is the logo */
  logoUrl: z.string().nullable(),
  accentColor: z.string(),
  contact: z.object({ email: z.string(), phone: z.string(), whatsapp: z.string(), address: z.string(), addressAr: z.string() }),
  social: z.object({ instagram: z.string(), facebook: z.string(), tiktok: z.string() }),
  announcement: z.object({ text: z.string(), textAr: z.string(), enabled: z.boolean() }),
  pages: z.object({
    about: z.string(), aboutAr: z.string(), delivery: z.string(), deliveryAr: z.string(),
    returns: z.string(), returnsAr: z.string(), privacy: z.string(), privacyAr: z.string(),
  }),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const SHOP_NAME_MAX = 60;
export const TAGLINE_MAX = 160;
export const ADDRESS_MAX = 300;
export const LINK_MAX = 300;
export const ANNOUNCEMENT_MAX = 200;
export const PAGE_TEXT_MAX = 20_000;

/** The announcement bar's rule beyond each field's own: a bar that is on has something to say. */
export function announcementProblem(announcement: Settings['announcement']): string | null {
  return announcement.enabled && announcement.text.trim() === '' ? 'Announcement text is required to show the announcement' : null;
}

/** A text the owner may leave blank (null too); over its limit the 400 names the field. */
const settingText = (label: string, max: number) =>
  z.preprocess(
    (value) => (value === null ? '' : value),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters` })
      .refine(hasNoNul, { error: nulMessage(label) }),
  );

const settingLink = (label: string) =>
  settingText(label, LINK_MAX).refine((value) => value === '' || /^https?:\/\/[^\s/?#]+\.[^\s]*$/i.test(value), {
    error: `${label} must be an http or https link`,
  });

const accentColor = z
  .string({ error: 'Accent colour must be a hex colour, like #a4461f' })
  .trim()
  .refine(isHexColour, { error: 'Accent colour must be a hex colour, like #a4461f' })
  .transform(normalizeHex)
  .superRefine((colour, context) => {
    const problem = accentProblem(colour);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const LOGO_LINK = 'Logo must be an http or https link, or an uploaded image';

/**
 * PUT /api/settings: any subset of the fields, and of each group's fields; what is left out stays as it is. Checked
 * here for the API and for the admin's form alike (contrast included: colour.ts).
 */
export const SettingsChangeSchema = z.object({
  name: text('Shop name', SHOP_NAME_MAX).optional(),
  nameAr: settingText('Arabic shop name', SHOP_NAME_MAX).optional(),
  tagline: settingText('Tagline', TAGLINE_MAX).optional(),
  taglineAr: settingText('Arabic tagline', TAGLINE_MAX).optional(),
  logoUrl: z
    .string({ error: LOGO_LINK })
    .trim()
    .max(2000, { error: LOGO_LINK })
    .refine((value) => /^(https?:\/\/[^\s]+|\/images\/[\w.-]+)$/i.test(value), { error: LOGO_LINK })
    .nullable()
    .optional(),
  accentColor: accentColor.optional(),
  contact: z
    .object({
      email: settingText('Contact email', 254)
        .transform((value) => value.toLowerCase())
        .refine((value) => value === '' || z.email().safeParse(value).success, { error: 'Contact email must be an email address, like hello@shop.example' })
        .optional(),
      phone: settingText('Phone', 30)
        .refine((value) => value === '' || /^\+?[\d\s-]{6,20}$/.test(value), { error: 'Phone must be a phone number, like +20 100 123 4567' })
        .optional(),
      whatsapp: settingText('WhatsApp number', 30)
        .refine((value) => value === '' || (/^\+?[\d\s-]+$/.test(value) && /^[1-9]\d{7,14}$/.test(value.replace(/\D/g, ''))), {
          error: 'WhatsApp number must be written with its country code, like +20 100 123 4567',
        })
        .optional(),
      address: settingText('Address', ADDRESS_MAX).optional(),
      addressAr: settingText('Arabic address', ADDRESS_MAX).optional(),
    }, { error: 'Contact must be an object' })
    .optional(),
  social: z
    .object({
      instagram: settingLink('Instagram link').optional(),
      facebook: settingLink('Facebook link').optional(),
      tiktok: settingLink('TikTok link').optional(),
    }, { error: 'Social links must be an object' })
    .optional(),
  announcement: z
    .object({
      text: settingText('Announcement', ANNOUNCEMENT_MAX).optional(),
      textAr: settingText('Arabic announcement', ANNOUNCEMENT_MAX).optional(),
      enabled: z.boolean({ error: 'Announcement on or off must be true or false' }).optional(),
    }, { error: 'Announcement must be an object' })
    .optional(),
  pages: z
    .object({
      about: settingText('About page', PAGE_TEXT_MAX).optional(),
      aboutAr: settingText('Arabic About page', PAGE_TEXT_MAX).optional(),
      delivery: settingText('Delivery page', PAGE_TEXT_MAX).optional(),
      deliveryAr: settingText('Arabic Delivery page', PAGE_TEXT_MAX).optional(),
      returns: settingText('Returns page', PAGE_TEXT_MAX).optional(),
      returnsAr: settingText('Arabic Returns page', PAGE_TEXT_MAX).optional(),
      privacy: settingText('Privacy page', PAGE_TEXT_MAX).optional(),
      privacyAr: settingText('Arabic Privacy page', PAGE_TEXT_MAX).optional(),
    }, { error: 'Pages must be an object' })
    .optional(),
});
export type SettingsChange = z.infer<typeof SettingsChangeSchema>;

/** POST /api/settings/logo: a multipart form with the image as `file`; read and checked by the route. */
export const LogoFormSchema = z.object({ file: z.string().meta({ format: 'binary' }) });

// ---- the owner's desk (PRODUCT section 8) -------------------------------------------------------------------

const reportDate = (label: string) =>
  z.string({ error: `${label} is required` }).trim().refine(isCalendarDate, { error: `${label} must be a date like 2026-11-26` });

/** Two Cairo calendar dates, both included, at most REPORT_DAYS_MAX days apart. */
const rangeOk = {
  ordered: [(range: { from: string; to: string }) => daysIn(range.from, range.to) !== 0, { error: MESSAGES.reportRangeBackwards }],
  short: [(range: { from: string; to: string }) => !(daysIn(range.from, range.to) > REPORT_DAYS_MAX), { error: MESSAGES.reportRangeTooLong }],
} as const;

export const SalesQuerySchema = z
  .object({ from: reportDate('from'), to: reportDate('to') })
  .refine(...rangeOk.ordered)
  .refine(...rangeOk.short);

/** The orders' spreadsheet: a range of Cairo dates, and one status or all. */
export const OrdersExportQuerySchema = z
  .object({
    from: reportDate('from'),
    to: reportDate('to'),
    status: z.preprocess(blankToUndefined, z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional()),
  })
  .refine(...rangeOk.ordered)
  .refine(...rangeOk.short);

const ReportFiguresSchema = z.object({
  ordersPlaced: z.number(),
  ordersDelivered: z.number(),
  ordersCanceled: z.number(),
  revenuePlaced: z.number(),
  revenueDelivered: z.number(),
});

export const SalesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(ReportFiguresSchema.extend({ date: z.string() })),
  totals: ReportFiguresSchema.extend({ averageOrder: z.number() }),
  topProducts: z.array(z.object({ product: z.string(), name: z.string(), nameAr: z.string().optional(), quantity: z.number(), revenue: z.number() })),
  topSizes: z.array(z.object({ size: z.string(), quantity: z.number() })),
  byGovernorate: z.array(z.object({ governorate: z.string(), orders: z.number(), revenue: z.number() })),
  byPayment: z.array(z.object({ way: z.string(), orders: z.number(), revenue: z.number() })),
  /** orders of the range written before a Paymob payment (PRODUCT section 4): not placed, shown apart */
  unpaid: z.object({ awaitingPayment: z.number(), paymentFailed: z.number() }),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;

export const AuditQuerySchema = PageQuerySchema.extend({
  entity: z.preprocess(blankToUndefined, z.enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional()),
});

/** One change made from the dashboard: who, when, what, and its changed fields before and after. */
export const AuditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string().nullable(), username: z.string() }),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

// ---- delivery, discount codes, the price of a cart, guests (PRODUCT section 8) --------------------------------------

/** An amount in EGP typed by the admin: a number (or numeric text) from 0, with at most 2 decimals. */
function amount(label: string, max = 1_000_000) {
  return z.preprocess(
    (value) => numericString(blankToUndefined(value)),
    z
      .number({ error: (issue) => (missing(issue.input) ? `${label} is required` : `${label} must be a number`) })
      .min(0, { error: `${label} cannot be negative` })
      .max(max, { error: `${label} must be at most ${max.toLocaleString('en-US')}` })
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: `${label} can have at most 2 decimals` }),
  );
}

const days = (label: string) =>
  z.preprocess(numericString, z.number({ error: `${label} must be a number` }).int({ error: `${label} must be a whole number` }).min(0, { error: `${label} cannot be negative` }).max(60, { error: `${label} must be at most 60` }));

export const GovernorateSchema = z.enum(GOVERNORATES, { error: 'Please choose a governorate' });

/** One governorate's delivery (PRODUCT section 8, "Delivery by governorate"), as the API answers it. */
export const ShippingRateSchema = z.object({
  governorate: GovernorateSchema,
  fee: z.number(),
  codFee: z.number(),
  minDays: z.number(),
  maxDays: z.number(),
  /** the subtotal from which delivery is free; null: never free */
  freeOver: z.number().nullable(),
  enabled: z.boolean(),
});
/** One governorate's delivery as the admin writes it: amounts in EGP (numbers or numeric text), whole days. */
const ShippingRateInputSchema = z.object({
  governorate: GovernorateSchema,
  fee: amount('Delivery fee', 10_000),
  codFee: amount('Cash fee', 10_000),
  minDays: days('Fastest delivery in days'),
  maxDays: days('Slowest delivery in days'),
  freeOver: z.preprocess((value) => (value === '' ? null : value), amount('Free delivery from').refine((value) => value > 0, { error: 'Free delivery from must be more than zero' }).nullable()),
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
});
export type ShippingRate = z.infer<typeof ShippingRateSchema>;

/** The table the admin saves: each governorate at most once (one left out goes back to the default), a row's days in order; a bad row is named. */
export const ShippingTableBodySchema = z
  .array(z.unknown(), { error: 'The delivery table must be a list of governorates' })
  .min(1, { error: 'The delivery table must list at least one governorate' })
  .max(GOVERNORATES.length, { error: `The delivery table has ${GOVERNORATES.length} governorates` })
  .transform((rows, context) => {
    const table: ShippingRate[] = [];
    rows.forEach((row, index) => {
      const governorate = GovernorateSchema.safeParse((row as { governorate?: unknown } | null)?.governorate);
      const name = governorate.success ? governorate.data : `Row ${index + 1}`;
      const parsed = ShippingRateInputSchema.safeParse(row);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', path: [index], message: `${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}` });
        return;
      }
      if (parsed.data.minDays > parsed.data.maxDays) {
        context.addIssue({ code: 'custom', path: [index], message: `${name}: the fastest delivery cannot be slower than the slowest` });
        return;
      }
      if (table.some((each) => each.governorate === parsed.data.governorate)) {
        context.addIssue({ code: 'custom', path: [index], message: `${name} is listed twice` });
        return;
      }
      table.push(parsed.data);
    });
    return table;
  });

export const PaymentWaySchema = z.enum(PAYMENT_WAYS, { error: 'Payment way must be cash or credit' });

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

export const CouponCodeSchema = z
  .string({ error: (issue) => (missing(issue.input) ? 'Code is required' : 'Code must be text') })
  .trim()
  .min(1, { error: 'Code is required' })
  .max(40, { error: 'Code must be at most 40 characters' })
  .regex(/^[A-Za-z0-9-]+$/, { error: 'A code has only letters, digits and dashes' });

export const CartCouponBodySchema = z.object({ code: z.string({ error: 'Code is required' }).trim().min(1, { error: 'Code is required' }).max(40, { error: MESSAGES.couponUnknown }) });

/** A line of a cart kept in the browser (a guest's). */
export const GuestLineSchema = z.object({ product: IdSchema, size: SizeSchema, quantity: QuantitySchema });
export type GuestLine = z.infer<typeof GuestLineSchema>;
const GuestLinesSchema = z.array(GuestLineSchema, { error: 'lines must be a list' }).min(1, { error: MESSAGES.cartEmpty }).max(100);

export const QuoteBodySchema = z.object({
  lines: GuestLinesSchema,
  governorate: z.preprocess(blankToUndefined, GovernorateSchema.optional()),
  way: z.preprocess(blankToUndefined, PaymentWaySchema.optional()),
  couponCode: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
});

/** A cart kept in the browser, merged into the server's at login: a line already there grows, up to its size's stock. */
export const MergeCartBodySchema = z.object({ lines: z.array(GuestLineSchema, { error: 'lines must be a list' }).max(100) });

const when = (label: string) =>
  z.preprocess(
    (value) => blankToUndefined(value) ?? null,
    z.iso.datetime({ offset: true, error: `${label} must be a date and time` }).nullable(),
  );

/** A discount code as the admin writes it (PRODUCT section 8, "Discount codes"): `value` a percent or EGP. */
export const CouponBodySchema = z
  .object({
    code: CouponCodeSchema,
    kind: z.enum(COUPON_KINDS, { error: `Kind must be one of ${COUPON_KINDS.join(', ')}` }),
    value: amount('Value'),
    minSubtotal: z.preprocess((value) => value ?? 0, amount('Minimum subtotal')),
    startsAt: when('Start'),
    endsAt: when('End'),
    maxUses: z.preprocess((value) => blankToUndefined(value) ?? null, z.preprocess(numericString, z.number({ error: 'Total uses must be a number' }).int({ error: 'Total uses must be a whole number' }).min(1, { error: 'Total uses must be at least 1' }).max(1_000_000).nullable())),
    maxUsesPerCustomer: z.preprocess((value) => blankToUndefined(value) ?? null, z.preprocess(numericString, z.number({ error: 'Uses per customer must be a number' }).int({ error: 'Uses per customer must be a whole number' }).min(1, { error: 'Uses per customer must be at least 1' }).max(1000).nullable())),
    active: z.boolean({ error: 'Active must be true or false' }).default(true),
  })
  .superRefine((coupon, context) => {
    if (coupon.kind === 'percent' && (coupon.value < 1 || coupon.value > 100 || !Number.isInteger(coupon.value))) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'A percent must be a whole number from 1 to 100' });
    }
    if (coupon.kind === 'fixed' && coupon.value <= 0) context.addIssue({ code: 'custom', path: ['value'], message: 'The amount must be more than zero' });
    if (coupon.startsAt && coupon.endsAt && Date.parse(coupon.endsAt) <= Date.parse(coupon.startsAt)) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
    }
  });
export type CouponBody = z.infer<typeof CouponBodySchema>;

export const CouponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  minSubtotal: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerCustomer: z.number().nullable(),
  active: z.boolean(),
  /** orders that used it */
  uses: z.number(),
  /** the totals of its orders that were delivered */
  deliveredRevenue: z.number(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;

/** A guest's order (PRODUCT section 8, "Guest checkout"): new-order's billing fields, the lines of the browser's cart. */
export const GuestOrderBodySchema = BillingSchema.extend({
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

export const GuestOrderTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: MESSAGES.orderNotFound });

export const GuestAccountBodySchema = z.object({ password: PasswordSchema });
// ---- importing products from a spreadsheet (PRODUCT section 8, "Reports and files") ----------------------------

/** POST /api/products/import?dryRun=true: check the file and answer what it would do, writing nothing. */
export const ImportQuerySchema = z.object({
  dryRun: z.preprocess(
    (value) => (value === undefined || value === '' || value === 'false' || value === '0' ? false : value === 'true' || value === '1' ? true : value),
    z.boolean({ error: 'dryRun must be true or false' }),
  ),
});

/** The import form: one CSV file (multipart `file`), as the products' export writes it. */
export const ImportFormSchema = z.object({ file: z.string().meta({ format: 'binary' }) });

/** A bad cell: its row as a spreadsheet numbers it (the header is row 1), its column by its header, and why. */
export const ImportErrorSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportError = z.infer<typeof ImportErrorSchema>;

/** What an import did (or, dry, would do): products created and updated by name, and every bad cell. */
export const ImportAnswerSchema = z.object({
  created: z.number(),
  updated: z.number(),
  errors: z.array(ImportErrorSchema),
  dryRun: z.boolean(),
  message: z.string(),
});
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>;

/** A real import of a file with bad cells writes nothing: 400 with the same list (a file that cannot be read: the message alone). */
export const ImportRefusalSchema = z.object({
  message: z.string(),
  created: z.number().optional(),
  updated: z.number().optional(),
  errors: z.array(ImportErrorSchema).optional(),
});
