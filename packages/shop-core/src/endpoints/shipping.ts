// Shipping with a courier (PRODUCT section 9, Bosta first): staff send orders to the courier, one or many; the
// courier's webhook moves them.
import { z } from 'zod';
import { OrderSchema } from '../contract/orders.ts';
import { CodQuerySchema } from '../contract/reports.ts';
import { CodReportSchema, CourierParamsSchema, PickupAnswerSchema, PickupBodySchema, ShipmentBodySchema, ShipmentsAnswerSchema, ShipmentsBodySchema } from '../contract/shipping.ts';
import { routes } from '../routes.ts';
import { CsvSchema, endpoint, IdParams, PdfSchema, WebhookAnswerSchema, withMessage } from './endpoint.ts';

export const shippingEndpoints = {
  createShipment: endpoint(routes.createShipment, {
    summary:
      "Send a confirmed order to the courier (Bosta): its receiver and address, the cash to collect (the total for cash, 0 when paid); created once, so a second call answers the same shipment. 409 while its confirmation is pending, once it has left the shop, or when the courier refuses its address; 503 when the courier did not answer (call again: it makes no second parcel)",
    params: IdParams,
    body: ShipmentBodySchema,
    status: 200,
    answer: withMessage(OrderSchema),
    errors: [404, 409, 503],
  }),
  createShipments: endpoint(routes.createShipments, {
    summary: "Send many orders to the courier (the orders list's selection), each as POST /api/orders/{id}/shipment would: each order's result, its shipment or the sentence that says why not",
    body: ShipmentsBodySchema,
    status: 200,
    answer: ShipmentsAnswerSchema,
    errors: [409],
  }),
  courierWebhook: endpoint(routes.courierWebhook, {
    summary:
      "The courier's word on a parcel (Bosta's webhook, with the secret header the shop gave it): each (tracking number, state, time) applied once; picked up or on its way ships the order, delivered delivers it with the cash collected, back at the shop cancels it as returned with its stock back (404 for another courier's name, 401 without the secret)",
    params: CourierParamsSchema,
    consumes: ['application/json'],
    status: 200,
    answer: WebhookAnswerSchema,
    errors: [401, 404],
  }),
  shipmentWaybill: endpoint(routes.shipmentWaybill, {
    summary: "The order's waybill, the courier's PDF to stick on the parcel (404 before it is sent to the courier)",
    params: IdParams,
    status: 200,
    answer: PdfSchema,
    errors: [404, 409, 503],
  }),
  requestPickup: endpoint(routes.requestPickup, {
    summary:
      "Ask the courier to collect this many parcels on a Cairo date; its refusals (a Friday, past the cut-off, a holiday, one already booked that day) come back as one sentence each (409)",
    body: PickupBodySchema,
    status: 200,
    answer: PickupAnswerSchema,
    errors: [409, 503],
  }),
  codReport: endpoint(routes.codReport, {
    summary:
      "The cash of the shipments delivered from one Cairo date to another (both included): what each should have collected and what the courier reported, and the totals (`format=csv`: a spreadsheet, UTF-8 with a BOM)",
    query: CodQuerySchema,
    status: 200,
    answer: z.union([CodReportSchema, CsvSchema]),
    errors: [],
  }),
};
