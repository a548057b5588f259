import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

// The migrations sit beside this file in the sources and are copied beside the bundle in dist/.
const here = path.dirname(fileURLToPath(import.meta.url));
const found = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')].find((dir) => existsSync(dir));

export function migrationsFolder(): string {
  if (!found) throw new Error('The migrations folder is missing');
  return found;
}

const MIGRATION_LOCK = 72707373;

/**
 * The job queue's own tables (graphile-worker's schema, decision 026) first, then the shop's: a migration of the shop's
 * may queue jobs (0007 queues the refunds left `refunding` before there was a queue).
 */
export async function runMigrations(database: Pick<Database, 'pool'>): Promise<void> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { Logger, runMigrations: migrateJobQueue } = await import('graphile-worker');
  // Several processes may start at once: one migrates under the lock, the others wait and find nothing to do. The
  // job queue's migrations take a second connection of the pool (a tool's pool has two).
  const client = await database.pool.connect();
  try {
    // a migration may rewrite a large table, and the others wait for its lock as long as it takes: no statement or
    // lock timeout of the shop's pool on this connection (reset before it goes back to the pool)
    await client.query('set statement_timeout = 0; set lock_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      // its log lines say what it migrates: the shop says nothing of it
      await migrateJobQueue({ pgPool: database.pool, logger: new Logger(() => () => {}) });
      await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await client.query('reset statement_timeout; reset lock_timeout').catch(() => {});
    client.release();
  }
}
