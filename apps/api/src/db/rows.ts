import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The rows of a raw statement: node-postgres (and PGlite) answer `db.execute` with a result object holding them. */
export async function queryRows<Row>(db: Db, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}
