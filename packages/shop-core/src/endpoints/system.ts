// The shop's own calls: health, readiness, the public configuration and the job queue's failed jobs.
import { z } from 'zod';
import { FailedJobSchema } from '../contract/jobs.ts';
import { PublicConfigSchema } from '../contract/payments.ts';
import { routes } from '../routes.ts';
import { endpoint, IdParams, ReadySchema, StatusSchema } from './endpoint.ts';

export const systemEndpoints = {
  health: endpoint(routes.health, { summary: 'The process is alive', status: 200, answer: StatusSchema, errors: [] }),
  ready: endpoint(routes.ready, {
    summary: 'The database answers and the process is not stopping (for load balancers)',
    status: 200,
    answer: ReadySchema,
    errors: [503],
  }),
  publicConfig: endpoint(routes.publicConfig, {
    summary: 'The active payment provider and its publishable key',
    status: 200,
    answer: PublicConfigSchema,
    errors: [],
  }),
  failedJobs: endpoint(routes.failedJobs, {
    summary: 'Jobs that used up their tries (an order mail, a refund), newest first',
    status: 200,
    answer: z.array(FailedJobSchema),
    errors: [],
  }),
  retryJob: endpoint(routes.retryJob, {
    summary: 'Try a failed job again now, with all its tries back',
    params: IdParams,
    status: 200,
    answer: z.object({ message: z.string() }),
    errors: [404],
  }),
};
