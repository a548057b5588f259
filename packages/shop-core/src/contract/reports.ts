// The owner's desk: the sales report, the orders' spreadsheet and the audit trail (PRODUCT section 8).
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';
import { AUDIT_ENTITIES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { daysIn, isCalendarDate, REPORT_DAYS_MAX } from '../report-dates.ts';
import { blankToUndefined, PageQuerySchema } from './fields.ts';

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

/** GET /api/reports/cod (PRODUCT section 9): the delivered shipments' cash of a range of Cairo dates, as JSON or a spreadsheet. */
export const CodQuerySchema = z
  .object({
    from: reportDate('from'),
    to: reportDate('to'),
    format: z.preprocess(blankToUndefined, z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json')),
  })
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
  /**
   * PRODUCT section 9, decision 065: the returns whose pieces were received in the range, what went back to shoppers in
   * it (EGP), and the placed revenue less that
   */
  returns: z.number(),
  refunded: z.number(),
  revenueNet: z.number(),
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
  /** an order's entry: the order's number, as people name it ("#1001") */
  orderNumber: z.number().int().optional(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
