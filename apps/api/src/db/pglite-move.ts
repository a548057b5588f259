// A data directory from before decision 023 holds its database in DATA_DIR/pglite (PGlite). The first start on the
// embedded PostgreSQL moves it: PGlite reads it (the one thing PGlite is still here for, decision 024) into a backup
// file in DATA_DIR/backups, which is restored into the new database like any backup. The old folder is renamed, not
// removed: it is the operator's to delete once they have seen the shop run.
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { backupFileName, hasTables, restoreBackup, writeBackup, type Queryable } from './backup.ts';
import { lockDataDir } from './data-dir.ts';

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Moves DATA_DIR/pglite into `target` (the embedded database, just started) when there is one to move. */
export async function moveFromPglite(dataDir: string, target: pg.Pool, log: (message: string) => void): Promise<void> {
  const dir = pgliteDir(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) return;
  // an older shop still running on it would go on writing what is being copied
  const lock = lockDataDir(dir);
  try {
    const client = await target.connect();
    try {
      const kept = unused(`${dir}-moved-${new Date().toISOString().slice(0, 10)}`);
      if (await hasTables(client)) {
        // moved by a start that stopped before the rename, or the operator restored a backup here first
        renameSync(dir, kept);
        log(`${dir} was not moved: the embedded PostgreSQL already holds the shop's tables; the old folder is kept as ${kept}`);
        return;
      }
      const started = Date.now();
      const file = path.join(dataDir, 'backups', backupFileName());
      const { PGlite } = await import('@electric-sql/pglite');
      const source = await PGlite.create(dir);
      let written;
      try {
        written = await writeBackup(source as unknown as Queryable, file, { sourceName: 'pglite' });
      } finally {
        await source.close();
      }
      const restored = await restoreBackup(file, client as unknown as Queryable, null);
      renameSync(dir, kept);
      log(
        `moved the embedded database from ${dir} (PGlite) into PostgreSQL: ${restored.tables} tables, ${restored.rows} rows, in ${Date.now() - started} ms. ` +
          `A backup of it is ${written.file}. The old folder is kept as ${kept}: remove it once the shop runs as it should.`,
      );
    } finally {
      client.release();
    }
  } finally {
    lock.release();
  }
}

function unused(base: string): string {
  let candidate = base;
  for (let n = 2; existsSync(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}
