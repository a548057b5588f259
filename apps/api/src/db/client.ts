// Opens the database: PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in the data directory.
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { schema } from './schema.ts';
import { unpackSnapshot } from './snapshot.ts';
import { checkFreeSpace, checkWritable, dataDirError, lockDataDir, StartupError, type DiskSpaceProbe } from './data-dir.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

interface DatabaseBase {
  db: Db;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type Database =
  | (DatabaseBase & { kind: 'postgres'; pool: pg.Pool })
  | (DatabaseBase & { kind: 'pglite'; client: PGlite; /** the data directory was unpacked from the build's demo snapshot */ fromSnapshot?: boolean });

/** How long a stop waits for the pool to close before leaving it (a client that is never released would hang it). */
const CLOSE_DEADLINE_MS = 5000;

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  /** PostgreSQL connections of this process's pool (DB_POOL_MAX) */
  poolMax?: number;
  dataDir?: string;
  inMemory?: boolean;
  /** a fresh data directory starts from the build's demo snapshot (db/snapshot.ts), when there is one */
  demoSnapshot?: boolean;
  /** tests stand in for statfs to play a full disk */
  diskSpace?: DiskSpaceProbe;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
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
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      ping: async () => void (await pool.query('select 1')),
      close: () => withDeadline(pool.end(), CLOSE_DEADLINE_MS),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dir: string | undefined;
  let lock: { release(): void } | undefined;
  if (!options.inMemory) {
    dir = path.resolve(options.dataDir ?? './data', 'pglite');
    checkWritable(dir);
    lock = lockDataDir(dir);
    try {
      checkFreeSpace(dir, options.diskSpace);
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  let client: PGlite;
  let snapshot: boolean;
  try {
    snapshot = dir !== undefined && options.demoSnapshot === true && unpackSnapshot(dir);
    client = await PGlite.create(dir);
  } catch (error) {
    lock?.release();
    throw dir ? embeddedStartError(dir, error, options.diskSpace) : error;
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    client,
    ...(snapshot ? { fromSnapshot: true } : {}),
    ping: async () => void (await client.query('select 1')),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** PGlite reports most start failures as "RuntimeError: Aborted()": find out what is wrong with the directory. */
function embeddedStartError(dir: string, error: unknown, diskSpace: DiskSpaceProbe | undefined): StartupError {
  if ((error as NodeJS.ErrnoException)?.code) return dataDirError(dir, error);
  try {
    checkWritable(dir);
    checkFreeSpace(dir, diskSpace);
  } catch (found) {
    if (found instanceof StartupError) return found;
  }
  const reason = String((error as Error)?.message ?? error).split('\n')[0];
  return new StartupError(
    `The embedded database in ${dir} could not start (${reason}): the directory is writable and has space, so its files may be damaged; restore it from a backup or move it aside to start empty.`,
  );
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
