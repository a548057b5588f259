// The shop's job queue (decision 026): graphile-worker's tables in the shop's own PostgreSQL. A job is added with the
// transaction whose commit owes it (an order's mail, a cancel's refund), so what is owed is never lost to a crash: it
// is either committed with the order or not at all. plugins/app/jobs.ts runs the jobs; a failed try is tried again
// later (graphile-worker's backoff: e^n seconds after the nth), and a job that used up its tries waits for an admin
// (GET /api/jobs/failed, POST /api/jobs/{id}/retry).
import { sql } from 'drizzle-orm';
import type { FailedJob } from '@shop/core/contract/jobs';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { restoredJobs } from '../../db/schema.ts';
import { MESSAGES } from '@shop/core/messages';
import { notFound } from '../errors.ts';
import type { OrderMailJob } from '../mail/order-mail.ts';
import type { PaymobExtraPaymentJob, RefundJob } from '../payments/refunds.ts';
import type { AccountMailJob } from '../accounts/account-mail.ts';
import type { BackInStockMailJob } from '../catalog/back-in-stock.ts';

/** Each task and what its job carries. */
export interface JobPayloads {
  'order-mail': OrderMailJob;
  /** a password reset link, or the note to the address an account's email left */
  'account-mail': AccountMailJob;
  refund: RefundJob;
  'back-in-stock-mail': BackInStockMailJob;
  /** an order awaiting its Paymob payment, at the end of its hold: placed if Paymob says it was paid, else released */
  'payment-hold': { orderId: string };
  /** a second Paymob payment for an order another one already paid: given back */
  'paymob-extra-payment': PaymobExtraPaymentJob;
  /** every night (the runner's crontab): the checkouts' Idempotency-Keys older than a week dropped */
  'prune-keys': Record<string, unknown>;
}
export type JobTask = keyof JobPayloads;

/**
 * Tries before a job waits for an admin. Mail: about a day (the 10th try is ~10 h after the first, then every ~6 h);
 * a refund is money owed, tried for about four days.
 */
export const MAX_ATTEMPTS: Record<JobTask, number> = { 'order-mail': 12, 'account-mail': 12, refund: 25, 'back-in-stock-mail': 12, 'payment-hold': 25, 'paymob-extra-payment': 25, 'prune-keys': 5 };

export interface AddOptions {
  /** one job per key: a second add with the same key replaces the first while it waits */
  key?: string;
  runAt?: Date;
}

/**
 * Adds jobs in the caller's transaction. `namespace` prefixes the task names: tests run many apps on one database,
 * each working only its own jobs (a runner only takes the tasks it knows); the shop's is empty.
 */
export class JobQueue {
  constructor(
    readonly namespace = '',
    private readonly onAdd: (task: JobTask) => void = () => {},
  ) {}

  taskName(task: JobTask): string {
    return `${this.namespace}${task}`;
  }

  async add<T extends JobTask>(db: Db, task: T, payload: JobPayloads[T], options: AddOptions = {}): Promise<void> {
    await db.execute(sql`select graphile_worker.add_job(
      ${this.taskName(task)}, ${JSON.stringify(payload)}::json,
      run_at => ${options.runAt?.toISOString() ?? null}::timestamptz, max_attempts => ${MAX_ATTEMPTS[task]}, job_key => ${options.key ?? null}::text)`);
    this.onAdd(task);
  }

  /** Jobs that used up their tries, newest first: what the admin sees and may try again. */
  async failed(db: Db): Promise<FailedJob[]> {
    const rows = await queryRows<{
      id: string;
      task: string;
      payload: Partial<OrderMailJob & RefundJob & BackInStockMailJob>;
      attempts: number;
      last_error: string | null;
      created_at: Date | string;
      failed_at: Date | string;
    }>(db, sql`select jobs.id::text, tasks.identifier as task, jobs.payload, jobs.attempts, jobs.last_error, jobs.created_at,
        jobs.updated_at as failed_at
      from graphile_worker._private_jobs jobs join graphile_worker._private_tasks tasks on tasks.id = jobs.task_id
      where jobs.attempts >= jobs.max_attempts and jobs.locked_at is null and starts_with(tasks.identifier, ${this.namespace})
      order by jobs.updated_at desc, jobs.id desc limit 200`);
    return rows.map((row) => ({
      _id: row.id,
      task: row.task.slice(this.namespace.length) as FailedJob['task'],
      ...(row.payload.orderId ? { orderId: row.payload.orderId } : {}),
      ...(row.payload.paymentId ? { paymentId: row.payload.paymentId } : {}),
      ...(row.payload.requestId ? { requestId: row.payload.requestId } : {}),
      ...(row.payload.event ? { event: row.payload.event } : {}),
      attempts: row.attempts,
      lastError: firstLine(row.last_error),
      createdAt: new Date(row.created_at).toISOString(),
      failedAt: new Date(row.failed_at).toISOString(),
    }));
  }

  /** A failed job, tried again now with all its tries back. */
  async retry(db: Db, id: string): Promise<void> {
    if (!/^\d{1,18}$/.test(id)) throw notFound(MESSAGES.jobNotFound);
    const rescheduled = await queryRows(db, sql`select graphile_worker.reschedule_jobs(array[jobs.id], run_at => now(), attempts => 0)
      from graphile_worker._private_jobs jobs join graphile_worker._private_tasks tasks on tasks.id = jobs.task_id
      where jobs.id = ${id}::bigint and jobs.attempts >= jobs.max_attempts and jobs.locked_at is null
        and starts_with(tasks.identifier, ${this.namespace})`);
    if (rescheduled.length === 0) throw notFound(MESSAGES.jobNotFound);
  }

  /** The running job's try is its last, whatever tries it had left: it fails for good when it throws. */
  async failForGood(db: Db, id: string): Promise<void> {
    await db.execute(sql`update graphile_worker._private_jobs set max_attempts = attempts where id = ${id}::bigint`);
  }

  /**
   * The jobs a restored backup carried (restored_jobs, written by the restore: db/backup.ts), handed to the queue as
   * they were: their task, payload, time, key and tries (a job that had failed for good waits for an admin again).
   * Once, in one transaction: a second process starting at once waits on the rows, then finds them gone. Answers how
   * many it queued.
   */
  async takeRestored(db: Db): Promise<number> {
    return db.transaction(async (tx) => {
      const inTx = tx as unknown as Db;
      const taken = await queryRows<{ task: string; payload: unknown; run_at: string; key: string | null; attempts: number; max_attempts: number; last_error: string | null }>(
        inTx,
        sql`delete from ${restoredJobs} returning task, payload, run_at::text, key, attempts, max_attempts, last_error`,
      );
      for (const job of taken) {
        const [added] = await queryRows<{ id: string }>(inTx, sql`select (graphile_worker.add_job(${job.task}, ${JSON.stringify(job.payload)}::json,
          run_at => ${job.run_at}::timestamptz, max_attempts => ${job.max_attempts}, job_key => ${job.key}::text)).id::text as id`);
        await inTx.execute(sql`update graphile_worker._private_jobs set attempts = ${job.attempts}, last_error = ${job.last_error} where id = ${added!.id}::bigint`);
      }
      return taken.length;
    });
  }

  /** Jobs due now, or within `withinMs`, or being worked on (tests wait for none). */
  async due(db: Db, withinMs = 0): Promise<number> {
    const rows = await queryRows<{ due: number }>(db, sql`select count(*)::int as due
      from graphile_worker._private_jobs jobs join graphile_worker._private_tasks tasks on tasks.id = jobs.task_id
      where jobs.attempts < jobs.max_attempts and (jobs.run_at <= now() + ${withinMs} * interval '1 millisecond' or jobs.locked_at is not null)
        and starts_with(tasks.identifier, ${this.namespace})`);
    return rows[0]?.due ?? 0;
  }
}

/** An error's message without its stack: what the admin reads. */
function firstLine(error: string | null): string {
  return (error ?? '').split('\n')[0]!.slice(0, 500);
}
