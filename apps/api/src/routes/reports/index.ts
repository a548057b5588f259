import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { route } from '../../lib/route.ts';
import { ordersCsv, productsCsv } from '../../modules/exports/csv.ts';
import { salesReport } from '../../modules/reports/sales.ts';

// The owner's desk (PRODUCT section 8): the sales report and the spreadsheets, the admin's alone (the contract's access).
const reportRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.salesReport, async (request) => salesReport(app.db, request.query.from, request.query.to));

  // Spreadsheets: sent as they are (text/csv), named for what they hold, never cached.
  const spreadsheet = (reply: FastifyReply, name: string, csv: string) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(csv);

  route(app, endpoints.exportOrders, async (request, reply) => {
    const { from, to, status } = request.query;
    return spreadsheet(reply, `orders-${from}-to-${to}${status ? `-${status}` : ''}.csv`, await ordersCsv(app.db, from, to, status));
  });

  route(app, endpoints.exportProducts, async (_request, reply) => spreadsheet(reply, 'products.csv', await productsCsv(app.db)));
};

export default reportRoutes;
