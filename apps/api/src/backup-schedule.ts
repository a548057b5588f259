// Backups taken by the running shop (BACKUP_EVERY, BACKUP_KEEP) and by `npm run backup`: the same file either way
// (backup.ts), in DATA_DIR/backups.
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Config } from './config.ts';
import { backupFileName, backupFiles, writeBackup, type BackupSummary, type Queryable } from './db/backup.ts';

/** A backup of the database `pool` reaches, with the pictures when they are kept in the data directory. */
export async function takeBackup(config: Config, pool: pg.Pool, sourceName: string): Promise<BackupSummary> {
  const client = await pool.connect();
  try {
    return await writeBackup(client as Queryable, path.join(config.backups.dir, backupFileName()), {
      sourceName,
      imagesDir: config.s3 ? undefined : config.imagesDir,
    });
  } finally {
    client.release();
  }
}

export function describeBackup(summary: BackupSummary): string {
  return `backup written: ${summary.file} (${summary.tables} tables, ${summary.rows} rows, ${summary.files} pictures, ${(summary.bytes / 1024 / 1024).toFixed(1)} MB, ${summary.ms} ms)`;
}

/** Removes all but the newest `keep` backups, and what a backup cut short long ago left behind. */
export function pruneBackups(dir: string, keep: number, log: (message: string) => void): void {
  const files = backupFiles(dir);
  for (const name of files.slice(0, Math.max(0, files.length - keep))) {
    rmSync(path.join(dir, name), { force: true });
    log(`backup removed (BACKUP_KEEP=${keep}): ${path.join(dir, name)}`);
  }
  for (const name of readdirSync(dir).filter((entry) => entry.endsWith('.partial'))) {
    const file = path.join(dir, name);
    if (Date.now() - statSync(file).mtimeMs > 60 * 60_000) rmSync(file, { force: true });
  }
}

interface Log {
  info(message: string): void;
  error(fields: object, message: string): void;
}

/**
 * With BACKUP_EVERY set, a backup every so often, counted from the newest one in the folder (a shop restarted more
 * often than that still gets its backups); the first within a minute of a start when there is none. A failed backup
 * is logged and tried again at the next turn.
 */
export function scheduleBackups(config: Config, database: { pool: pg.Pool; kind: string }, log: Log): { stop(): Promise<void> } {
  const every = config.backups.everyMs;
  if (!every) return { stop: async () => {} };
  const newest = backupFiles(config.backups.dir).at(-1);
  const soonest = Math.min(every, 60_000);
  const due = newest ? statSync(path.join(config.backups.dir, newest)).mtimeMs + every - Date.now() : soonest;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  const turn = () => {
    running = (async () => {
      try {
        log.info(describeBackup(await takeBackup(config, database.pool, database.kind)));
        pruneBackups(config.backups.dir, config.backups.keep, (message) => log.info(message));
      } catch (error) {
        log.error({ err: error }, `backup failed; the next is tried in ${Math.round(every / 1000)} s`);
      }
    })();
    void running.then(() => {
      running = null;
      if (!stopped) timer = setTimeout(turn, every);
    });
  };
  timer = setTimeout(turn, Math.max(due, Math.min(soonest, 5000)));
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
