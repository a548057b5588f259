import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { route } from '../../lib/route.ts';

// The job queue's failed jobs (decision 026): what the admin sees, and tries again once the cause is fixed.
const jobRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.failedJobs, async () => app.jobs.queue.failed(app.db));

  route(app, endpoints.retryJob, async (request) => {
    await app.jobs.queue.retry(app.db, request.params.id);
    return { message: MESSAGES.jobRetried };
  });
};

export default jobRoutes;
