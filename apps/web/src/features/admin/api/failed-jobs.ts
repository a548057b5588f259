import type { FailedJob } from '@shop/core/contract/jobs';
import { call } from '../../../lib/api-client.ts';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';
import type { ListPage } from './date-sorted-page.ts';

// The job queue's jobs that used up their tries (decision 026): an order's mail, a refund. One list, newest first.
const JOBS_KEY = `${ADMIN_KEY}jobs`;

export const useFailedJobs = () =>
  useQuery<ListPage<FailedJob>>(JOBS_KEY, async (signal) => {
    const items = await call('failedJobs', { signal });
    return { items, total: items.length };
  }, { staleMs: 0 });

/** Tries a failed job again now; answers the API's sentence for the toast, and reads the list again. */
export async function retryJob(jobId: string): Promise<string> {
  const { message } = await call('retryJob', { params: { id: jobId } });
  invalidateQueries(JOBS_KEY);
  return message;
}
