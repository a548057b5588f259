import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { pageOf, sendTotal } from '../../lib/pagination.ts';
import { route } from '../../lib/route.ts';
import { listAudit } from '../../modules/audit/audit.ts';

// Who changed what from the dashboard (PRODUCT section 8): the admin's alone (the contract's access).
const auditRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.listAudit, async (request, reply) => {
    const { entries, total } = await listAudit(app.db, pageOf(request.query), request.query.entity);
    sendTotal(reply, total);
    return entries;
  });
};

export default auditRoutes;
