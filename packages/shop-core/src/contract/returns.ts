// Returns and exchanges (PRODUCT section 9, decision 065): what a shopper asks, what the shop decides, how the money
// goes back. Every sentence a schema writes is a catalog message, so it is said in Arabic too.
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { RETURN_REASONS } from '../money.ts';
import { blankToUndefined, hasNoNul, IdSchema, PageQuerySchema, QuantitySchema } from './fields.ts';

export const RETURN_KINDS = ['refund', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'closed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** the steps the shop takes: requested → approved | rejected; approved → received → closed */
export const RETURN_MOVES: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  rejected: [],
  received: ['closed'],
  closed: [],
};
/** how a cash order's refund was paid by hand */
export const REFUND_METHODS = ['wallet', 'instapay', 'bank', 'cash'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
/** none: nothing to give back (an exchange, a 0 share); pending: the provider's, queued; due: a cash refund owed */
export const REFUND_STATUSES = ['none', 'pending', 'due', 'refunded'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** the days a cash order's refund is due in once the pieces are received (Law 181/2018) */
export const CASH_REFUND_DAYS = 7;

const note = (max: number) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z.string({ error: MESSAGES.returnNoteText }).trim().max(max, { error: MESSAGES.returnNoteLong }).refine(hasNoNul, { error: MESSAGES.returnNoteText }),
  );

export const ReturnLineBodySchema = z.object({
  product: IdSchema,
  size: z.string({ error: MESSAGES.returnSizeRequired }).trim().min(1, { error: MESSAGES.returnSizeRequired }).max(40, { error: MESSAGES.returnSizeRequired }),
  quantity: QuantitySchema,
  reason: z.enum(RETURN_REASONS, { error: MESSAGES.returnReasonRequired }),
  exchangeSize: z.string({ error: MESSAGES.exchangeSizeRequired }).trim().min(1, { error: MESSAGES.exchangeSizeRequired }).max(40, { error: MESSAGES.exchangeSizeRequired }).optional(),
}, { error: MESSAGES.returnLinesRequired });

/** POST /api/orders/{id}/returns */
export const ReturnBodySchema = z.object({
  kind: z.enum(RETURN_KINDS, { error: MESSAGES.returnKindRequired }),
  lines: z.array(ReturnLineBodySchema, { error: MESSAGES.returnLinesRequired }).min(1, { error: MESSAGES.returnLinesRequired }).max(50, { error: MESSAGES.returnLinesRequired }),
  note: note(1000).optional(),
});
export type ReturnBody = z.infer<typeof ReturnBodySchema>;

/** PUT /api/returns/{id} */
export const ReturnDecisionBodySchema = z.object({
  status: z.enum(['approved', 'rejected', 'received', 'closed'], { error: MESSAGES.returnStatusRequired }),
  note: note(500).optional(),
  restock: z.boolean({ error: MESSAGES.restockOnOff }).optional(),
});
export type ReturnDecision = z.infer<typeof ReturnDecisionBodySchema>;

/** PUT /api/returns/{id}/refund: a cash order's refund, paid by hand */
export const CashRefundBodySchema = z.object({
  method: z.enum(REFUND_METHODS, { error: MESSAGES.refundMethodRequired }),
  reference: z.string({ error: MESSAGES.refundReferenceRequired }).trim().min(1, { error: MESSAGES.refundReferenceRequired }).max(100, { error: MESSAGES.refundReferenceRequired }).refine(hasNoNul, { error: MESSAGES.refundReferenceRequired }),
});

export const ReturnListQuerySchema = PageQuerySchema.extend({
  status: z.preprocess(blankToUndefined, z.enum(RETURN_STATUSES, { error: MESSAGES.returnStatusFilter }).optional()),
});

export const ReturnLineSchema = z.object({
  product: z.string(),
  name: z.string(),
  nameAr: z.string().optional(),
  size: z.string(),
  quantity: z.number().int(),
  reason: z.enum(RETURN_REASONS),
  exchangeSize: z.string().optional(),
  /** this line's part of the refund, EGP */
  refund: z.number(),
});

export const ReturnRefundSchema = z.object({
  /** what goes back, EGP (decision 065's share) */
  amount: z.number(),
  status: z.enum(REFUND_STATUSES),
  /** through the provider that took the card or wallet payment, or by hand for a cash order */
  way: z.enum(['provider', 'by-hand']),
  /** a cash refund: due within 7 days of receipt (ISO 8601), and whether that has passed */
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
  method: z.enum(REFUND_METHODS).nullable(),
  reference: z.string().nullable(),
  at: z.string().nullable(),
});

export const ReturnChangeSchema = z.object({ status: z.enum(RETURN_STATUSES), at: z.string(), by: z.string(), note: z.string().optional() });

export const ReturnSchema = z.object({
  _id: z.string(),
  /** the return's own number, shown "R1001" */
  number: z.number().int(),
  order: z.string(),
  orderNumber: z.number().int(),
  kind: z.enum(RETURN_KINDS),
  status: z.enum(RETURN_STATUSES),
  lines: z.array(ReturnLineSchema),
  note: z.string(),
  refund: ReturnRefundSchema,
  /** received: whether the pieces went back to stock */
  restocked: z.boolean().nullable(),
  history: z.array(ReturnChangeSchema),
  createdAt: z.string(),
});
export type Return = z.infer<typeof ReturnSchema>;
