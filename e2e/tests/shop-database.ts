// The e2e shop's own PostgreSQL (embedded, in E2E_DATA_DIR/postgres), for the clock tricks a journey needs: a cart left
// an hour is a cart whose time is set back. It listens on a Unix socket alone; its directory is the fifth line of
// postmaster.pid, its password the data directory's postgres-password (apps/api/src/db/embedded.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export async function withShopDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through playwright.config.ts');
  const socketDir = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[4]!.trim();
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const client = new pg.Client({ host: socketDir, port: 5432, user: 'shop', password, database: 'postgres' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
