// The courier's job (PRODUCT section 9): every fifteen minutes, once whatever the number of processes, the parcels not
// yet final are asked about, so a webhook the courier lost (or one the shop did not hear while it was down) is caught
// within the quarter hour; a shipment left pending is asked for again (tracking.ts).
import { defineJob } from '../jobs/queue.ts';
import type { ShippingContext } from './shipments.ts';
import { pollShipments } from './tracking.ts';

export const courierPollJob = defineJob({
  task: 'courier-poll',
  maxAttempts: 3,
  schedule: '*/15 * * * *',
  run: async (ctx: ShippingContext) => {
    if (!ctx.courier) return;
    const tally = await pollShipments(ctx);
    if (tally.applied > 0 || tally.made > 0) ctx.log.info(tally, 'the courier was asked about its parcels');
  },
});

export const deliveryJobs = [courierPollJob];
