// Opens the database: the PostgreSQL that DATABASE_URL names, or else the embedded PostgreSQL of the data directory
// (embedded.ts), started for this process. Either way the shop talks to it through the same pool.
import { existsSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { schema } from './schema.ts';
import type { DiskSpaceProbe } from './data-dir.ts';
import { claimEmbeddedPostgres, runningEmbeddedPostgres, type EmbeddedServer } from './embedded.ts';
import { moveFromPglite, pgliteDir } from './pglite-move.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  /** `embedded`: the data directory's own PostgreSQL, which this process stops on close when it started it (`server`). */
  kind: 'postgres' | 'embedded';
  db: Db;
  pool: pg.Pool;
  /** Settles when the database can be used: at once with DATABASE_URL; once the embedded server has started. */
  ready: Promise<void>;
  /** an embedded database made by this start, empty (no PGlite data directory moves into it) */
  fresh: boolean;
  /** the embedded server this process runs, once it runs */
  server?: EmbeddedServer;
  /**
   * `select 1` on a connection of its own, not the pool's: a pool whose every connection waits on a lock must not make
   * the instance look dead to a load balancer (issue 41). Pings at once share one.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** How long a stop waits for the pool to close before leaving it (a client that is never released would hang it). */
const CLOSE_DEADLINE_MS = 5000;

interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PostgreSQL connections of this process's pool (DB_POOL_MAX) */
  poolMax?: number;
  dataDir?: string;
  /** the embedded server allows this many connections (every worker's pool, their listeners, the tools) */
  maxConnections?: number;
  /** tests stand in for statfs to play a full disk */
  diskSpace?: DiskSpaceProbe;
  log?: (message: string) => void;
  /** the command-line tools: a shop running on the data directory lends its embedded server (it keeps running it) */
  joinRunning?: boolean;
  /**
   * The shop's pool (DB_STATEMENT_TIMEOUT, DB_LOCK_TIMEOUT): a statement is cancelled after this long, and one waiting
   * for a lock after this long, so one table lock cannot stall every request. Unset (the tools, the tests' shared
   * database): no limit. The long work that must run longer lifts them in its own transaction (withoutTimeouts).
   */
  statementTimeoutMs?: number | undefined;
  lockTimeoutMs?: number | undefined;
}

/** The database, ready to use. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = await beginDatabase(options);
  await database.ready;
  return database;
}

/**
 * The database as soon as it is known how to reach it: the embedded server may still be starting (`ready`), which is
 * what lets a start build the app while initdb runs. A start refused before that (the directory in use, no disk
 * space) throws here; one that fails later rejects `ready`, and the data directory is let go.
 */
export async function beginDatabase(options: OpenOptions): Promise<Database> {
  const dataDir = options.dataDir ?? './data';
  const running = !options.databaseUrl && options.joinRunning ? runningEmbeddedPostgres(dataDir) : null;
  const claim =
    options.databaseUrl || running
      ? null
      : await claimEmbeddedPostgres(dataDir, {
          ...(options.log ? { log: options.log } : {}),
          ...(options.diskSpace ? { diskSpace: options.diskSpace } : {}),
          ...(options.maxConnections ? { maxConnections: options.maxConnections } : {}),
        });
  const pool = new pg.Pool({
    ...(claim?.connection ?? running ?? { connectionString: options.databaseUrl }),
    max: options.poolMax ?? 10,
    // No JIT: it compiles a statement whose estimated cost is high (the spreadsheets, a report over a long range), and
    // the compiling took longer than the statement (2.3 of 5.5 s for the products' file at 100,000 products, measured
    // by bench:scale). PGOPTIONS, which this setting would otherwise replace, still comes first.
    options: [
      process.env.PGOPTIONS,
      '-c jit=off',
      options.statementTimeoutMs ? `-c statement_timeout=${options.statementTimeoutMs}` : '',
      options.lockTimeoutMs ? `-c lock_timeout=${options.lockTimeoutMs}` : '',
    ].filter(Boolean).join(' '),
    // a request waits at most this long for a connection while the database is away, then answers 503
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 10_000,
    keepAlive: true,
  });
  // A connection can drop at any moment (a failover, a proxy restart, pg_terminate_backend). Every client gets
  // a listener the moment it connects, so an error on one that is checked out (a transaction) cannot end the
  // process: the query using it fails (503), and the pool discards the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  const probe = readinessProbe(() => new pg.Client({ ...(claim?.connection ?? running ?? { connectionString: options.databaseUrl }), options: '-c statement_timeout=3000' }));
  const database: Database = {
    kind: options.databaseUrl ? 'postgres' : 'embedded',
    db,
    pool,
    ready: Promise.resolve(),
    fresh: Boolean(claim?.created) && !existsSync(pgliteDir(dataDir)),
    ping: probe.ping,
    close: async () => {
      await probe.close();
      await withDeadline(pool.end(), CLOSE_DEADLINE_MS);
      const server = await claim?.started.catch(() => undefined);
      await server?.stop();
    },
  };
  if (claim) {
    database.ready = (async () => {
      const server = await claim.started;
      database.server = server;
      try {
        await moveFromPglite(dataDir, pool, options.log ?? (() => {}));
      } catch (error) {
        await pool.end();
        await server.stop();
        throw error;
      }
    })();
    // a start that gives up on its own reads it; nothing else may crash the process with it
    database.ready.catch(() => {});
  }
  return database;
}

/** How long a readiness ping waits for its connection and its answer. */
const PING_DEADLINE_MS = 3000;

/** One connection of its own for /api/ready, made again after any failure. */
function readinessProbe(connect: () => pg.Client) {
  let client: pg.Client | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const drop = () => {
    const gone = client;
    client = undefined;
    gone?.end().catch(() => {});
  };
  const once = async () => {
    if (closed) throw new Error('Client was closed and is not queryable');
    if (!client) {
      const made = connect();
      made.on('error', () => {
        if (client === made) drop();
      });
      client = made;
      await withDeadlineOrThrow(made.connect(), PING_DEADLINE_MS);
    }
    await withDeadlineOrThrow(client.query('select 1'), PING_DEADLINE_MS);
  };
  return {
    ping: (): Promise<void> =>
      (running ??= once()
        .catch((error: unknown) => {
          drop();
          throw error;
        })
        .finally(() => (running = undefined))),
    close: async () => {
      closed = true;
      const gone = client;
      client = undefined;
      if (gone) await withDeadline(gone.end(), 1000);
    },
  };
}

async function withDeadlineOrThrow<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timeout exceeded when trying to connect'), { code: 'ETIMEDOUT' })), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function withDeadline(closing: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  await Promise.race([closing.catch(() => {}), deadline]);
  clearTimeout(timer);
}
