// The wire's fields every area shares (SPEC section 7, PRODUCT section 1): texts, emails, prices, quantities, sizes, pages.
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';
import { DISCOUNT_MAX, DISCOUNT_MIN, GENDERS, GOVERNORATES, PAGE_LIMIT_MAX, PASSWORD_MIN_LENGTH, PAYMENT_WAYS, QUANTITY_MAX, QUANTITY_MIN, SIZES, STOCK_MAX } from '../constants.ts';
import { MESSAGES, unknownSize } from '../messages.ts';

export const missing = (value: unknown) => value === undefined || value === null;

// PostgreSQL cannot store a NUL character in text: refused here as bad input instead of failing as a 500.
export const hasNoNul = (value: string) => !value.includes('\u0000');
export const nulMessage = (label: string) => `${label} contains a character that is not allowed`;

export function text(label: string, max: number) {
  return z
    .string({ error: (issue) => (missing(issue.input) ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine(hasNoNul, { error: nulMessage(label) });
}

export const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
export const numericString = (value: unknown) =>
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

// ---- answers -------------------------------------------------------------------------------------

export const MessageSchema = z.object({ message: z.string() });

export const PageQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).optional(),
  limit: z.coerce.number({ error: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` }).int().min(1).max(PAGE_LIMIT_MAX).optional(),
});

/** A JSON text (a multipart field) as the value it holds; blank: null; anything else as it is. */
export function jsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** A text the admin may leave out (keep what is there) or blank or null (none). */
export const optionalText = (label: string, max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), text(label, max).nullable().optional());

// ---- delivery, discount codes, the price of a cart, guests (PRODUCT section 8) --------------------------------------

/** An amount in EGP typed by the admin: a number (or numeric text) from 0, with at most 2 decimals. */
export function amount(label: string, max = 1_000_000) {
  return z.preprocess(
    (value) => numericString(blankToUndefined(value)),
    z
      .number({ error: (issue) => (missing(issue.input) ? `${label} is required` : `${label} must be a number`) })
      .min(0, { error: `${label} cannot be negative` })
      .max(max, { error: `${label} must be at most ${max.toLocaleString('en-US')}` })
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: `${label} can have at most 2 decimals` }),
  );
}

export const GovernorateSchema = z.enum(GOVERNORATES, { error: 'Please choose a governorate' });

export const PaymentWaySchema = z.enum(PAYMENT_WAYS, { error: 'Payment way must be cash or credit' });
