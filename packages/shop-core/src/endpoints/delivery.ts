// Delivery by governorate.
import { z } from 'zod';
import { ShippingRateSchema, ShippingTableBodySchema } from '../contract/delivery.ts';
import { routes } from '../routes.ts';
import { endpoint } from './endpoint.ts';

export const deliveryEndpoints = {
  getShipping: endpoint(routes.getShipping, {
    summary: 'Delivery by governorate: fee, cash fee, days, free-delivery threshold, on or off (27 rows)',
    status: 200,
    answer: z.array(ShippingRateSchema),
    errors: [],
  }),
  updateShipping: endpoint(routes.updateShipping, {
    summary: 'Replace the delivery table (a governorate left out goes back to the default); 400 names the bad row',
    body: ShippingTableBodySchema,
    status: 200,
    answer: z.array(ShippingRateSchema),
    errors: [],
  }),
};
