// Opens the database: PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in the data directory.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { schema } from './schema.ts';

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
  | (DatabaseBase & { kind: 'pglite'; client: PGlite });

export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir?: string; inMemory?: boolean }): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dir: string | undefined;
  if (!options.inMemory) {
    dir = path.join(options.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    client,
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
