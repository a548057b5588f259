// Shipping with a courier (PRODUCT section 9, "Shipping with a courier (Bosta first)"): an order's shipment as every
// answer of the order carries it, what staff send to create one or many, a pickup, and the courier's word as the shop
// reads it. The courier's own names and codes stay in its adapter (apps/api/src/modules/delivery/adapters/).
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';
import { isCalendarDate } from '../report-dates.ts';
import { IdSchema } from './fields.ts';

/**
 * Where a parcel is, in the shop's words: `pending` (the shop asked the courier and has not heard back yet: the same
 * request is made again, never a second parcel), `created` (the courier has it on its list, not yet picked up),
 * `picked-up`, `in-transit`, `out-for-delivery`, `delivered`, `exception` (a failed try, a wrong number: the courier
 * tries again), `returned` (back at the shop) and `ended` (the courier ended it: terminated, or an area it does not
 * cover). Delivered, returned and ended are final.
 */
export const SHIPMENT_STATES = ['pending', 'created', 'picked-up', 'in-transit', 'out-for-delivery', 'delivered', 'exception', 'returned', 'ended'] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];
export const FINAL_SHIPMENT_STATES: readonly ShipmentState[] = ['delivered', 'returned', 'ended'];
export const isFinalShipment = (state: ShipmentState) => FINAL_SHIPMENT_STATES.includes(state);

/** What the parcel is, as couriers price it. */
export const PACKAGE_TYPES = ['parcel', 'document', 'light-bulky', 'heavy-bulky'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

/** An order's shipment (PRODUCT section 9): on staff's and the admin's answers and on its owner's. Amounts in EGP. */
export const ShipmentSchema = z.object({
  /** the courier's name, as the configuration knows it: `bosta` */
  courier: z.string(),
  /** null while `pending` */
  trackingNumber: z.string().nullable(),
  /** the courier's page where the shopper follows her parcel; null while `pending` */
  trackingUrl: z.string().nullable(),
  state: z.enum(SHIPMENT_STATES),
  /** the courier's own code of its latest state (Bosta's 10 to 105) */
  stateCode: z.number().int().nullable(),
  /** what the courier collects at the door: the total for cash, 0 when paid */
  cod: z.number(),
  /** what the courier says it collected, once delivered */
  codCollected: z.number().nullable(),
  /** the courier's delivery attempts so far */
  attempts: z.number().int(),
  /** the courier's latest exception (a failed try's reason), shown on the order */
  exception: z.string().nullable(),
  updatedAt: z.string(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

const shipmentOptions = {
  packageType: z.enum(PACKAGE_TYPES, { error: `packageType must be one of ${PACKAGE_TYPES.join(', ')}` }).default('parcel'),
  notes: z.string({ error: 'Notes must be text' }).trim().max(300, { error: 'Notes must be at most 300 characters' }).default(''),
  /** the shopper may open the parcel before she pays */
  allowOpening: z.boolean({ error: 'allowOpening must be true or false' }).default(false),
};

/** POST /api/orders/{id}/shipment: each field may be left out. */
export const ShipmentBodySchema = z.object(shipmentOptions);
export type ShipmentOptions = z.infer<typeof ShipmentBodySchema>;

/** POST /api/shipments: the orders of the list's selection, sent with the same options. */
export const ShipmentsBodySchema = z.object({
  orders: z
    .array(IdSchema, { error: 'orders must be a list of order ids' })
    .min(1, { error: 'Choose at least one order' })
    .max(100, { error: 'Send at most 100 orders at once' }),
  ...shipmentOptions,
});

/** Each order's result: its shipment, or the sentence that says why not. */
export const ShipmentsAnswerSchema = z.object({
  results: z.array(z.object({ order: z.string(), ok: z.boolean(), message: z.string(), shipment: ShipmentSchema.optional() })),
});
export type ShipmentsAnswer = z.infer<typeof ShipmentsAnswerSchema>;

/** POST /api/shipments/pickup: a Cairo date, and how many parcels the courier collects. */
export const PickupBodySchema = z.object({
  date: z
    .string({ error: 'date is required' })
    .trim()
    .refine(isCalendarDate, { error: 'date must be a date like 2026-11-26' }),
  parcels: z
    .number({ error: 'parcels must be a number' })
    .int({ error: 'parcels must be a whole number' })
    .min(1, { error: 'parcels must be at least 1' })
    .max(1000, { error: 'parcels must be at most 1000' }),
});
export const PickupAnswerSchema = z.object({ pickup: z.object({ id: z.string(), date: z.string(), parcels: z.number().int() }), message: z.string() });

/** GET /api/reports/cod: the delivered shipments' cash, from one Cairo date to another (both included). */
export const CodReportRowSchema = z.object({
  order: z.string(),
  number: z.number().int(),
  trackingNumber: z.string().nullable(),
  cod: z.number(),
  codCollected: z.number().nullable(),
  state: z.enum(SHIPMENT_STATES),
  deliveredAt: z.string().nullable(),
});
export const CodReportSchema = z.object({
  shipments: z.array(CodReportRowSchema),
  totals: z.object({ expected: z.number(), collected: z.number(), outstanding: z.number() }),
});
export type CodReport = z.infer<typeof CodReportSchema>;

/** The webhook's courier, by the name the configuration knows it. */
export const CourierParamsSchema = z.object({ courier: z.string().max(40) });
