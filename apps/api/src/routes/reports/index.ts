import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { route } from '../../lib/route.ts';
import { salesReport } from '../../modules/reports/sales.ts';

// The owner's desk (PRODUCT section 8): the admin's alone (the contract's access).
const reportRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.salesReport, async (request) => salesReport(app.db, request.query.from, request.query.to));
};

export default reportRoutes;
