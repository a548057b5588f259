import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

// The migrations sit beside this file in the sources and are copied beside the bundle in dist/.
const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')].find((dir) => existsSync(dir));

const MIGRATION_LOCK = 72707373;

export async function runMigrations(database: Database): Promise<void> {
  if (!migrationsFolder) throw new Error('The migrations folder is missing');
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
    return;
  }
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Several processes may start at once: one migrates under the lock, the others wait and find nothing to do.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
