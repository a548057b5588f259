// Opens the database: the PostgreSQL that DATABASE_URL names, or else the embedded PostgreSQL of the data directory
// (embedded.ts), started for this process. Either way the shop talks to it through the same pool.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { schema } from './schema.ts';
import type { DiskSpaceProbe } from './data-dir.ts';
import { runningEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedServer } from './embedded.ts';
import { moveFromPglite } from './pglite-move.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  /** `embedded`: the data directory's own PostgreSQL, which this process stops on close when it started it (`server`). */
  kind: 'postgres' | 'embedded';
  db: Db;
  pool: pg.Pool;
  /** the embedded server this process runs, when it runs one */
  server?: EmbeddedServer;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** How long a stop waits for the pool to close before leaving it (a client that is never released would hang it). */
const CLOSE_DEADLINE_MS = 5000;

export async function openDatabase(options: {
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
}): Promise<Database> {
  let server: EmbeddedServer | undefined;
  const running = !options.databaseUrl && options.joinRunning ? runningEmbeddedPostgres(options.dataDir ?? './data') : null;
  if (!options.databaseUrl && !running) {
    server = await startEmbeddedPostgres(options.dataDir ?? './data', {
      ...(options.log ? { log: options.log } : {}),
      ...(options.diskSpace ? { diskSpace: options.diskSpace } : {}),
      ...(options.maxConnections ? { maxConnections: options.maxConnections } : {}),
    });
  }
  const pool = new pg.Pool({
    ...(server?.connection ?? running ?? { connectionString: options.databaseUrl }),
    max: options.poolMax ?? 10,
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
  if (server) {
    try {
      await moveFromPglite(options.dataDir ?? './data', pool, options.log ?? (() => {}));
    } catch (error) {
      await pool.end();
      await server.stop();
      throw error;
    }
  }
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    kind: options.databaseUrl ? 'postgres' : 'embedded',
    db,
    pool,
    ...(server ? { server } : {}),
    ping: async () => void (await pool.query('select 1')),
    close: async () => {
      await withDeadline(pool.end(), CLOSE_DEADLINE_MS);
      await server?.stop();
    },
  };
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
