// The shop's job queue (decision 026): graphile-worker's tables in the shop's own PostgreSQL. A job is added with the
// transaction whose commit owes it (an order's mail, a cancel's refund), so what is owed is never lost to a crash: it
// is either committed with the order or not at all. An event published in a transaction adds, in it, one job per
// follower (modules/events.ts). The queue knows no module: each module declares its jobs (`<module>/jobs.ts`), the
// app hands the list to the queue and to plugins/app/jobs.ts, which runs them; a failed try is tried again later
// (graphile-worker's backoff: e^n seconds after the nth), and a job that used up its tries waits for an admin
// (GET /api/jobs/failed, POST /api/jobs/{id}/retry).
import { sql } from 'drizzle-orm';
import type { FailedJob } from '@shop/core/contract/jobs';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { restoredJobs } from '../../db/schema.ts';
import { MESSAGES } from '@shop/core/messages';
import { recordChange, type Actor } from '../audit/audit.ts';
import { notFound } from '../errors.ts';
import type { ShopEvent, ShopEventName, ShopEvents } from '../events.ts';

/** A job added to the queue: what it carries, and optionally its key and its time. */
export interface QueuedJob<Payload> extends AddOptions {
  payload: Payload;
}

/** The job being run, as the runner knows it. */
export interface RunningJob {
  id: string;
  key: string | null;
}

/**
 * A job as its module declares it: its task's name, its tries, the events it follows and what one run does with the
 * context it is given (`Ctx`: the part of the shop context it reaches, modules/shop-context.ts).
 */
export interface JobDefinition<Ctx, Payload> {
  readonly task: string;
  /** tries before it waits for an admin */
  readonly maxAttempts: number;
  /** the events that add this job, in the publisher's transaction */
  readonly follows?: readonly ShopEventName[];
  /** the jobs an event it follows adds (none: []); by default one, carrying the event's payload */
  jobsFor?(event: ShopEvent, tx: Db): QueuedJob<Payload>[] | Promise<QueuedJob<Payload>[]>;
  /** a crontab time ("0 3 * * *"): it also runs then, once whatever the number of processes */
  readonly schedule?: string;
  run(ctx: Ctx, payload: Payload, job: RunningJob): Promise<void>;
}

/** Any module's job, as the lists that hold them see it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each job types its own context and payload
export type AnyJob = JobDefinition<any, any>;

/** Declares a job, its context and payload typed from its `run`. */
export const defineJob = <Ctx, Payload>(job: JobDefinition<Ctx, Payload>): JobDefinition<Ctx, Payload> => job;

export interface AddOptions {
  /** one job per key: a second add with the same key replaces the first while it waits */
  key?: string;
  runAt?: Date;
}

/**
 * Adds jobs and publishes events in the caller's transaction. `namespace` prefixes the task names: tests run many
 * apps on one database, each working only its own jobs (a runner only takes the tasks it knows); the shop's is empty.
 */
export class JobQueue {
  private readonly byTask: ReadonlyMap<string, AnyJob>;
  private readonly followers = new Map<ShopEventName, AnyJob[]>();

  constructor(
    readonly jobs: readonly AnyJob[],
    readonly namespace = '',
    private readonly onAdd: (task: string) => void = () => {},
  ) {
    this.byTask = new Map(jobs.map((job) => [job.task, job]));
    for (const job of jobs) for (const name of job.follows ?? []) this.followers.set(name, [...(this.followers.get(name) ?? []), job]);
  }

  taskName(task: string): string {
    return `${this.namespace}${task}`;
  }

  async add(db: Db, task: string, payload: object, options: AddOptions = {}): Promise<void> {
    const job = this.byTask.get(task);
    if (!job) throw new Error(`no job is declared for the task ${task}`);
    await db.execute(sql`select graphile_worker.add_job(
      ${this.taskName(task)}, ${JSON.stringify(payload)}::json,
      run_at => ${options.runAt?.toISOString() ?? null}::timestamptz, max_attempts => ${job.maxAttempts}, job_key => ${options.key ?? null}::text)`);
    this.onAdd(task);
  }

  /** Publishes an event in the caller's transaction: the jobs that follow it are added with it. */
  async publish<N extends ShopEventName>(db: Db, name: N, payload: ShopEvents[N]): Promise<void> {
    const event = { name, payload } as ShopEvent;
    for (const job of this.followers.get(name) ?? []) {
      const queued = job.jobsFor ? await job.jobsFor(event, db) : [{ payload }];
      for (const { payload: carried, ...options } of queued) await this.add(db, job.task, carried as object, options);
    }
  }

  /** Jobs that used up their tries, newest first: what the admin sees and may try again. */
  async failed(db: Db): Promise<FailedJob[]> {
    const rows = await queryRows<{
      id: string;
      task: string;
      payload: { orderId?: string; paymentId?: string; requestId?: string; event?: string };
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

  /**
   * A failed job, tried again now with all its tries back; the admin who asked is written to the audit trail in the
   * same transaction (the task, its order, the tries it had and its last error).
   */
  async retry(db: Db, id: string, actor: Actor): Promise<void> {
    if (!/^\d{1,18}$/.test(id)) throw notFound(MESSAGES.jobNotFound);
    await db.transaction(async (tx) => {
      const inTx = tx as unknown as Db;
      const rescheduled = await queryRows<{ task: string; order_id: string | null; attempts: number; last_error: string | null }>(
        inTx,
        sql`with failed as (
          select jobs.id, tasks.identifier as task, jobs.payload->>'orderId' as order_id, jobs.attempts, jobs.last_error
          from graphile_worker._private_jobs jobs join graphile_worker._private_tasks tasks on tasks.id = jobs.task_id
          where jobs.id = ${id}::bigint and jobs.attempts >= jobs.max_attempts and jobs.locked_at is null
            and starts_with(tasks.identifier, ${this.namespace})
          for update of jobs
        )
        select failed.task, failed.order_id, failed.attempts, failed.last_error, graphile_worker.reschedule_jobs(array[failed.id], run_at => now(), attempts => 0)
        from failed`,
      );
      const [job] = rescheduled;
      if (!job) throw notFound(MESSAGES.jobNotFound);
      const name = job.task.slice(this.namespace.length);
      await recordChange(inTx, actor, {
        entity: 'job',
        entityId: id,
        action: 'retry',
        before: { name, ...(job.order_id ? { order: job.order_id } : {}), attempts: job.attempts, lastError: firstLine(job.last_error) },
        after: { name, ...(job.order_id ? { order: job.order_id } : {}), attempts: 0, lastError: null },
      });
    });
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

/**
 * Drops the waiting jobs (and the restored ones) whose payload names this text: an erased account's email leaves the
 * queue with her (PRODUCT section 9). A job being worked on right now is left to finish.
 */
export async function forgetJobsMentioning(db: Db, text: string): Promise<void> {
  await db.execute(sql`delete from graphile_worker._private_jobs where locked_at is null and strpos(payload::text, ${text}) > 0`);
  await db.execute(sql`delete from ${restoredJobs} where strpos(${restoredJobs.payload}::text, ${text}) > 0`);
}
