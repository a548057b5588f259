// Jobs of a worker that died. graphile-worker locks a job to the worker running it and, left to itself, frees the lock
// of a worker that never came back only after four hours: a shop killed while it sent an order's mail would send it
// four hours late. Each live worker here holds a PostgreSQL advisory lock named after it, on a connection of its
// process; a process that dies loses its connection and its locks with it. Every few seconds each process looks for
// jobs locked for a while by workers whose lock nobody holds, and frees them, so they run again at once. A lock
// connection that is cut is made again, with its locks, at the next look.
import type pg from 'pg';

const SWEEP_EVERY_MS = 5_000;
/** A job locked for less than this is left alone: its worker may have just taken it and not yet its advisory lock. */
const LOCKED_FOR_AT_LEAST = '15 seconds';
/** The advisory locks' first key (the second is a hash of the worker's id): apart from the migrations' lock. */
const LOCK_SPACE = 4_261;

interface Log {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export class WorkerLocks {
  private client: pg.PoolClient | undefined;
  private readonly held = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** one statement at a time on the lock connection */
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Log,
  ) {}

  /** Takes the connection that holds this process's workers' locks, and starts looking for dead workers' jobs. */
  async start(): Promise<void> {
    await this.serially(() => this.connection());
    this.timer = setInterval(() => {
      this.serially(() => this.sweep()).catch((error: unknown) => this.log.error({ err: error }, 'freeing the jobs of stopped workers failed'));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  /** A worker of this process started: its lock says it lives. */
  async hold(workerId: string): Promise<void> {
    this.held.add(workerId);
    await this.serially(async () => {
      const client = await this.connection();
      await client.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE, workerId]);
    });
  }

  /** Workers that stopped: their locks go, and their jobs are freed by the next look of any process. */
  async release(workerIds: string[]): Promise<void> {
    await this.serially(async () => {
      for (const workerId of workerIds) {
        if (!this.held.delete(workerId)) continue;
        await this.client?.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, workerId]);
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.queue.catch(() => {});
    // released without its locks: closing the connection ends them
    this.client?.release(true);
    this.client = undefined;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }

  /** The lock connection, made again (with every lock of this process) when it was cut. */
  private async connection(): Promise<pg.PoolClient> {
    if (this.client) return this.client;
    if (this.stopped) throw new Error('the job workers\' locks are stopped');
    const client = await this.pool.connect();
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.release(true);
      if (!this.stopped) this.log.warn({ err: error }, 'the job workers\' lock connection was lost; it is made again at the next look');
    };
    client.on('error', lost);
    client.on('end', () => lost());
    for (const workerId of this.held) await client.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE, workerId]);
    this.client = client;
    return client;
  }

  /**
   * Frees the jobs of workers that hold no lock: each one's lock is tried (on this connection, which holds only this
   * process's own, so those are skipped) and given back at once.
   */
  private async sweep(): Promise<void> {
    const client = await this.connection();
    const { rows } = await client.query<{ worker: string }>(
      `select distinct locked_by as worker from graphile_worker._private_jobs
       where locked_by is not null and locked_at < now() - interval '${LOCKED_FOR_AT_LEAST}'`,
    );
    const dead: string[] = [];
    for (const { worker } of rows) {
      if (this.held.has(worker)) continue;
      const { rows: tried } = await client.query<{ free: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as free', [LOCK_SPACE, worker]);
      if (!tried[0]?.free) continue;
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, worker]);
      dead.push(worker);
    }
    if (dead.length === 0) return;
    await client.query('select graphile_worker.force_unlock_workers($1::text[])', [dead]);
    this.log.warn({ workers: dead }, `freed the jobs of ${dead.length} stopped job worker(s): they run again now`);
  }
}
