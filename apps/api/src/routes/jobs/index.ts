import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { route } from '../../lib/route.ts';
import { orderNumbers } from '../../modules/orders/orders.ts';
import { accountOf } from '../../plugins/app/auth.ts';

// The job queue's failed jobs (decision 026): what the admin sees, and tries again once the cause is fixed.
const jobRoutes: FastifyPluginAsync = async (app) => {
  // a job of an order names it by its number, as the dashboard does
  route(app, endpoints.failedJobs, async () => {
    const jobs = await app.jobs.queue.failed(app.db);
    const numbers = await orderNumbers(app.db, jobs.flatMap((job) => (job.orderId ? [job.orderId] : [])));
    return jobs.map((job) => {
      const number = job.orderId ? numbers.get(job.orderId) : undefined;
      return number === undefined ? job : { ...job, orderNumber: number };
    });
  });

  route(app, endpoints.retryJob, async (request) => {
    await app.jobs.queue.retry(app.db, request.params.id, accountOf(request));
    return { message: MESSAGES.jobRetried };
  });
};

export default jobRoutes;
