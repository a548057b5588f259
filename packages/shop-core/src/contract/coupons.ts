// Discount codes as the admin writes them (PRODUCT section 8).
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';
import { COUPON_KINDS } from '../constants.ts';
import { amount, blankToUndefined, missing, numericString } from './fields.ts';

export const CouponCodeSchema = z
  .string({ error: (issue) => (missing(issue.input) ? 'Code is required' : 'Code must be text') })
  .trim()
  .min(1, { error: 'Code is required' })
  .max(40, { error: 'Code must be at most 40 characters' })
  .regex(/^[A-Za-z0-9-]+$/, { error: 'A code has only letters, digits and dashes' });

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
