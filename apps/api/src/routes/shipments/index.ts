import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { languageOf } from '@shop/core/locale';
import { MESSAGES } from '@shop/core/messages';
import { arabicOf } from '@shop/core/messages.ar';
import { route } from '../../lib/route.ts';
import { varyBy } from '../../lib/vary.ts';
import { withCustomerHistory } from '../../modules/orders/customer-history.ts';
import { findOrder } from '../../modules/orders/orders.ts';
import { notFound, unauthenticated } from '../../modules/errors.ts';
import { codCsv, codReport } from '../../modules/delivery/cod-report.ts';
import { bookPickup, sendManyToCourier, sendToCourier, waybillOf, withShipments } from '../../modules/delivery/shipments.ts';
import { applyShipmentEvent } from '../../modules/delivery/tracking.ts';
import { accountOf } from '../../plugins/app/auth.ts';

// Shipping with a courier (PRODUCT section 9, decision 064): staff send orders to the courier, one from the order's
// page or many from the list's selection; the courier's webhook (its address named by the courier, under /api/shipping)
// tells the shop where each parcel is.
const shipmentRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.createShipment, async (request) => {
    await sendToCourier(app.shop, request.params.id, request.body, accountOf(request));
    const { order } = await findOrder(app.db, request.params.id);
    const [answered] = await withCustomerHistory(app.db, await withShipments(app.db, app.courier, [order]));
    return { ...answered!, message: MESSAGES.shipmentCreated };
  });

  route(app, endpoints.createShipments, async (request, reply) => {
    const { orders, ...options } = request.body;
    varyBy(reply, 'Accept-Language');
    const arabic = languageOf(request.headers['accept-language']) === 'ar';
    return sendManyToCourier(app.shop, orders, options, accountOf(request), (message) => (arabic ? arabicOf(message) : message));
  });

  // the courier's PDF, as it is, to print and stick on the parcel
  route(app, endpoints.shipmentWaybill, async (request, reply) => {
    const { pdf, number } = await waybillOf(app.shop, request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="waybill-${number}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  route(app, endpoints.requestPickup, async (request) => {
    const { date, parcels } = request.body;
    return { pickup: await bookPickup(app.shop, date, parcels), message: MESSAGES.pickupBooked };
  });

  // the courier's cash (the admin's): JSON, or the same as a spreadsheet
  route(app, endpoints.codReport, async (request, reply) => {
    const { from, to, format } = request.query;
    const report = await codReport(app.db, from, to);
    if (format === 'json') return report;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="cod-${from}-to-${to}.csv"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(codCsv(report), 'utf8'));
  });

  // The courier's word: the adapter checks its secret; each (tracking number, state, time) is applied once.
  route(app, endpoints.courierWebhook, async (request) => {
    const courier = app.courier;
    if (!courier || courier.name !== request.params.courier) throw notFound(MESSAGES.notFound);
    const outcome = courier.webhook({ body: request.body, headers: request.headers });
    if (outcome.kind === 'refused') throw unauthenticated(MESSAGES.courierWebhookRefused);
    if (outcome.kind === 'other') return { received: true };
    const applied = await applyShipmentEvent(app.shop, courier.name, outcome.event);
    if (applied === 'unknown') request.log.info({ trackingNumber: outcome.event.trackingNumber }, 'the courier spoke of a parcel the shop did not make');
    return applied === 'duplicate' ? { received: true, duplicate: true } : { received: true };
  });
};

export default shipmentRoutes;
