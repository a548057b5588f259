// `app.jobs`: the job queue (modules/jobs, decision 026) and this process's runner of it. The workflows add jobs and
// publish events in their transactions through the queue (`app.shop.jobs`); once the app is ready, the runner works
// them on a small pool of its own, each job's `run` with the shop's context (`app.shop`). It runs the list it is given
// (app.ts composes it from the modules' own lists) and knows none of them. Every process of the shop runs one
// (WORKERS=2: two), and a job goes to one of them. A failed try is logged and counted, and tried again later; one
// that used up its tries is logged as an error and waits for an admin (GET /api/jobs/failed).
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { Logger, run, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import { JobQueue, type AnyJob } from '../../modules/jobs/queue.ts';
import { WorkerLocks } from '../../modules/jobs/worker-locks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: ShopJobs;
  }
}

export interface ShopJobs {
  queue: JobQueue;
  /**
   * Resolves once no job is running or due within `soonMs` (tests): a try due later than that (a refund's third) is
   * not waited for.
   */
  idle(options?: { soonMs?: number; timeoutMs?: number }): Promise<void>;
}

/** How long a stop lets running jobs finish before it abandons them (their workers' locks go; another run takes them). */
const STOP_GRACE_MS = 2_000;
/** Scheduled jobs and retries are looked for this often; new jobs are announced and start at once. */
const POLL_INTERVAL_MS = 1_000;
/** A runner that stopped by itself (the database away) is started again after this. */
const RESTART_AFTER_MS = 5_000;

export default fp<{ jobs: readonly AnyJob[] }>(
  async (app, { jobs }) => {
    const settings = app.config.jobs;
    const log = app.log.child({ module: 'jobs' });
    const queue = new JobQueue(jobs, settings.namespace, (task) => app.metrics.jobsQueued.inc({ task }));

    const taskList: TaskList = {};
    for (const job of jobs) {
      // the shop's context (plugins/app/shop.ts, decorated after this plugin), with the runner's log
      taskList[queue.taskName(job.task)] = (payload, helpers) => job.run({ ...app.shop, log }, payload, { id: helpers.job.id, key: helpers.job.key });
    }
    const crontab = jobs.filter((job) => job.schedule).map((job) => `${job.schedule} ${queue.taskName(job.task)}`).join('\n');
    const taskOf = (identifier: string) => identifier.slice(settings.namespace.length);

    let runner: Runner | undefined;
    let pool: pg.Pool | undefined;
    let locks: WorkerLocks | undefined;
    let closing = false;

    const events: WorkerEvents = new EventEmitter();
    /** the workers of the runner now, whose locks this process holds */
    let workers: string[] = [];
    events.on('worker:create', ({ worker }) => {
      workers.push(worker.workerId);
      locks?.hold(worker.workerId).catch((error: unknown) => log.error({ err: error }, 'a job worker could not take its lock'));
    });
    events.on('job:error', ({ job, error }) => {
      app.metrics.jobsFailed.inc({ task: taskOf(job.task_identifier) });
      log.warn({ err: error, job: job.id, task: taskOf(job.task_identifier), attempt: job.attempts, of: job.max_attempts }, 'a job failed; it is tried again later');
    });
    events.on('job:failed', ({ job, error }) => {
      log.error({ err: error, job: job.id, task: taskOf(job.task_identifier), attempts: job.attempts }, 'a job used up its tries: it waits for an admin (GET /api/jobs/failed)');
    });

    /**
     * Starts a runner, and another one after a pause should this one stop by itself: graphile-worker stops its pool
     * when it cannot write a job's outcome (the database away). The stopped runner's workers let their locks go, so
     * any process frees the jobs they held (worker-locks.ts) and they run again.
     */
    const startRunner = async (): Promise<void> => {
      const started = await run({
        pgPool: pool!,
        taskList,
        // each job's schedule, once whatever the processes (graphile-worker's known_crontabs)
        crontab,
        concurrency: settings.concurrency,
        pollInterval: POLL_INTERVAL_MS,
        noHandleSignals: true,
        events,
        logger: graphileLogger(log),
        // a job's outcome is written through graphile-worker's batcher, whose failures stop the runner rather than
        // escape as an unhandled rejection (which would end the process)
        preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      });
      runner = started;
      const mine = workers;
      void started.promise
        .catch((error: unknown) => log.error({ err: error }, 'the job runner stopped'))
        .then(async () => {
          if (closing) return;
          workers = [];
          await locks?.release(mine);
          log.warn({ againInMs: RESTART_AFTER_MS }, 'the job runner stopped by itself; it starts again shortly');
          for (;;) {
            await sleep(RESTART_AFTER_MS, undefined, { ref: false });
            if (closing) return;
            try {
              await startRunner();
              return;
            } catch (error) {
              log.error({ err: error }, 'the job runner could not start again; it tries again shortly');
            }
          }
        });
    };

    app.addHook('onReady', async () => {
      // pg keeps a pool's password out of its enumerable options: it is copied by name. A connection is waited for
      // rather than refused after the requests' 3 s: jobs can wait, a refused connection would stop the runner.
      const options = app.database.pool.options;
      pool = new pg.Pool({ ...options, password: options.password, max: settings.concurrency + 4, connectionTimeoutMillis: 60_000 });
      // a connection cut (a failover, a restart of the server) is an error of the moment
      pool.on('error', (error) => log.warn({ err: error }, 'a job connection was cut'));
      pool.on('connect', (client) => client.on('error', (error) => log.warn({ err: error }, 'a job connection was cut')));
      locks = new WorkerLocks(pool, log);
      await locks.start();
      await startRunner();
      // the runner has made the queue's tables: the jobs a restored backup carried join them
      const restored = await queue.takeRestored(app.db);
      if (restored > 0) log.info({ jobs: restored }, 'the jobs the restored backup carried are queued again');
    });

    app.addHook('onClose', async () => {
      closing = true;
      if (runner) {
        // a graceful stop waits for the running jobs and for their outcomes to be written
        const stopping = runner.stop().then(() => true, () => true);
        const stopped = await Promise.race([stopping, sleep(STOP_GRACE_MS, false, { ref: false })]);
        if (!stopped) {
          log.warn({ graceMs: STOP_GRACE_MS }, 'jobs still running at the stop are left to the next start');
          await runner.kill().catch(() => {});
          await Promise.race([runner.promise.catch(() => {}), sleep(STOP_GRACE_MS, undefined, { ref: false })]);
        }
      }
      await locks?.stop();
      // a job connection cut under the runner (a failover, a terminated backend) may never be handed back to the pool,
      // and its end() would wait for it for ever: the stop waits a moment, then the process's exit closes the sockets
      await Promise.race([pool?.end().catch(() => {}), sleep(STOP_GRACE_MS, undefined, { ref: false })]);
    });

    app.decorate<ShopJobs>('jobs', {
      queue,
      async idle({ soonMs = 5_000, timeoutMs = 30_000 } = {}) {
        const until = Date.now() + timeoutMs;
        while ((await queue.due(app.db, soonMs)) > 0) {
          if (Date.now() > until) throw new Error(`jobs still due after ${timeoutMs} ms`);
          await sleep(25);
        }
      },
    });
  },
  { name: 'jobs', dependencies: ['db', 'metrics'] },
);

/** graphile-worker's log lines into the app's: its routine lines at debug, its warnings and errors as they are. */
function graphileLogger(log: { debug(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void }) {
  return new Logger(() => (level, message, meta) => {
    const fields = { ...(meta ?? {}) };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}
