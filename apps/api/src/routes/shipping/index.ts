import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { route } from '../../lib/route.ts';
import { replaceShippingTable, shippingTable } from '../../modules/delivery/shipping.ts';
import { accountOf } from '../../plugins/app/auth.ts';

// Delivery by governorate (PRODUCT section 8): read by every cart and product page, so kept in the catalog cache and
// dropped with it when the owner saves the table.
const shippingRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.getShipping, async () => shippingTable(app.db), { config: { catalogCache: true } });

  route(app, endpoints.updateShipping, async (request) => {
    const table = await replaceShippingTable(app.db, request.body, accountOf(request));
    app.catalogChanged();
    return table;
  });
};

export default shippingRoutes;
