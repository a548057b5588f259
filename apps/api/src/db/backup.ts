// Backups (decision 025): every table of the shop, read in one REPEATABLE READ transaction (one consistent moment),
// written as gzipped JSON lines with the migration the schema was at, and the product pictures when they live in the
// data directory. A restore makes that schema in an empty database with the same migrations, loads the rows, and
// leaves the newer migrations to the start that follows. The same format carries a PGlite data directory of an
// older version into PostgreSQL (pglite-move.ts).
//
//   {"format":"shop-backup","version":1,...}        the header: when, from what, at which migration, row counts
//   ["table","users",["id","username",...]]          then, per table, its columns,
//   {"id":"…","username":"…",...}                    its rows (row_to_json, generated columns left out),
//   ["end","users",1234]                             and their count
//   ["job",{"task":"refund",...}]                    a job of the queue (graphile-worker's tables), due or failed
//   ["file","images/….webp"]                         a picture, its bytes in base64 on the next line
//   ["done"]                                         the last line: a file without it was cut short
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, fsyncSync, openSync, closeSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from './migrate.ts';

export const BACKUP_FORMAT = 'shop-backup';
const BACKUP_VERSION = 1;
/** The name of a backup file: `shop-2026-11-26T06-00-00-000Z.backup.gz`, so that names sort by time. */
export const BACKUP_FILE = /^shop-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.backup\.gz$/;
const MIGRATIONS = { schema: 'drizzle', table: '__drizzle_migrations' };
const FETCH_ROWS = 1000;
/** In a backup's or a restore's transaction: no statement or lock timeout, whatever the connection's defaults. */
async function withoutTimeouts(transaction: Queryable): Promise<void> {
  await transaction.query('set local statement_timeout = 0');
  await transaction.query('set local lock_timeout = 0');
}
const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;

/** What a backup reads through: a pg client, or PGlite (both answer `query(text, params)` with `rows`). */
export interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  takenAt: string;
  source: string;
  /** the newest migration applied: drizzle's `created_at` (the journal's `when`) and its hash */
  migration: { createdAt: number; hash: string } | null;
  /** the rows each table held at the backup's moment */
  rows: Record<string, number>;
  /** the job queue's jobs at that moment (absent from backups written before the queue was backed up) */
  jobs?: number;
}

/** A job of the queue as a backup carries it: what restored_jobs holds until the restored shop's start queues it. */
interface BackedUpJob {
  task: string;
  payload: unknown;
  runAt: string;
  key: string | null;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  ms: number;
}

interface Table {
  /** `public.users` or `drizzle.__drizzle_migrations` */
  name: string;
  schema: string;
  table: string;
  columns: string[];
}

export function backupFileName(at = new Date()): string {
  return `shop-${at.toISOString().replace(/[:.]/g, '-')}.backup.gz`;
}

/**
 * Writes a backup of `source` to `file` (in a folder made 0700, the file 0600). `imagesDir`: the product pictures
 * kept in the data directory, when they are not in a bucket. The file appears under its name only when whole.
 */
export async function writeBackup(
  source: Queryable,
  file: string,
  options: { sourceName: string; imagesDir?: string | undefined },
): Promise<BackupSummary> {
  const started = Date.now();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  const gzip = createGzip({ level: 6 });
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  let rowsWritten = 0;
  let tableCount = 0;
  let fileCount = 0;
  try {
    await source.query('begin isolation level repeatable read read only');
    try {
      // a backup reads whole tables: the shop pool's statement and lock timeouts (issue 41) are not for it
      await withoutTimeouts(source);
      const tables = await tablesInLoadOrder(source);
      // the counts are read in the same transaction as the rows: what the restore must find
      const rows: Record<string, number> = {};
      for (const table of tables) {
        rows[table.name] = Number((await source.query<{ n: string }>(`select count(*) as n from ${quoted(table)}`)).rows[0]?.n ?? 0);
      }
      const jobs = await queuedJobs(source);
      const header: Header = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        takenAt: new Date().toISOString(),
        source: options.sourceName,
        migration: await lastMigration(source),
        rows,
        jobs: jobs.length,
      };
      await write(JSON.stringify(header));
      for (const table of tables) {
        await write(JSON.stringify(['table', table.name, table.columns]));
        const list = table.columns.map(identifier).join(', ');
        await source.query(`declare backup_rows no scroll cursor for select row_to_json(r)::text as line from (select ${list} from ${quoted(table)}) r`);
        let count = 0;
        for (;;) {
          const batch = await source.query<{ line: string }>(`fetch ${FETCH_ROWS} from backup_rows`);
          for (const { line } of batch.rows) await write(line);
          count += batch.rows.length;
          if (batch.rows.length < FETCH_ROWS) break;
        }
        await source.query('close backup_rows');
        await write(JSON.stringify(['end', table.name, count]));
        rowsWritten += count;
        tableCount++;
      }
      for (const job of jobs) await write(JSON.stringify(['job', job]));
    } finally {
      await source.query('rollback');
    }
    for (const name of imageFiles(options.imagesDir)) {
      await write(JSON.stringify(['file', `images/${name}`]));
      await write(readFileSync(path.join(options.imagesDir!, name)).toString('base64'));
      fileCount++;
    }
    await write(JSON.stringify(['done']));
    gzip.end();
    await written;
    syncFile(partial);
    renameSync(partial, file);
    syncFile(path.dirname(file));
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    rmSync(partial, { force: true });
    throw error;
  }
  return { file, tables: tableCount, rows: rowsWritten, files: fileCount, bytes: statSync(file).size, ms: Date.now() - started };
}

/** A backup's file could not be restored: the sentence says why. */
export class RestoreError extends Error {}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  takenAt: string;
  /** the counts the backup recorded at its moment, which the restore has checked */
  expected: Record<string, number>;
  /** the queue's jobs it carried, left in restored_jobs for the shop's next start */
  jobs: number;
}

/**
 * Restores `file` into the empty database `target` is connected to, in one transaction: the schema as it was when
 * the backup was taken (the same migrations, up to that one), then every row with the tables' own triggers off (the
 * kept counts come from the backup as they were), then the sequences. Pictures go to `putImage`. Newer migrations
 * are the caller's to run (runMigrations), as on any start.
 */
export async function restoreBackup(
  file: string,
  target: Queryable,
  putImage: ((name: string, data: Buffer) => Promise<void>) | null,
): Promise<RestoreSummary> {
  const lines = readLines(file);
  const first = await lines.next();
  const header = parseHeader(first.done ? '' : first.value, file);
  const migrations = migrationsUpTo(header.migration);
  await refuseUnlessEmpty(target);

  await target.query('begin');
  await withoutTimeouts(target);
  let rowsLoaded = 0;
  let tables = 0;
  let files = 0;
  let complete = false;
  const jobs: string[] = [];
  try {
    await target.query(`create schema if not exists ${identifier(MIGRATIONS.schema)}`);
    await target.query(
      `create table if not exists ${identifier(MIGRATIONS.schema)}.${identifier(MIGRATIONS.table)} (id serial primary key, hash text not null, created_at bigint)`,
    );
    for (const migration of migrations) for (const statement of migration.sql) await target.query(statement);
    const loaded: Table[] = [];
    let table: Table | null = null;
    let batch: string[] = [];
    let batchBytes = 0;
    let count = 0;
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const list = table.columns.map(identifier).join(', ');
      await target.query(`insert into ${quoted(table)} (${list}) select ${list} from json_populate_recordset(null::${quoted(table)}, $1::json)`, [
        `[${batch.join(',')}]`,
      ]);
      batch = [];
      batchBytes = 0;
    };
    let pendingFile: string | null = null;
    for await (const line of lines) {
      if (pendingFile !== null) {
        if (putImage) await putImage(path.basename(pendingFile), Buffer.from(line, 'base64'));
        files++;
        pendingFile = null;
        continue;
      }
      if (line.startsWith('{')) {
        if (!table) throw new RestoreError(`The backup file ${file} is damaged: a row outside any table.`);
        batch.push(line);
        batchBytes += line.length;
        count++;
        if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) await flush();
        continue;
      }
      const marker = JSON.parse(line) as [string, ...unknown[]];
      if (marker[0] === 'table') {
        const [schema = '', name = ''] = String(marker[1]).split('.');
        table = { name: String(marker[1]), schema, table: name, columns: marker[2] as string[] };
        // its own triggers (the kept product counts) would count the rows a second time
        if (schema === 'public') await target.query(`alter table ${quoted(table)} disable trigger user`);
        // a row a migration put there (the shop settings' first row) is in the backup too, as it was when taken
        if (schema === 'public') await target.query(`delete from ${quoted(table)}`);
        count = 0;
      } else if (marker[0] === 'end') {
        await flush();
        if (count !== marker[2] || count !== header.rows[table!.name]) {
          throw new RestoreError(`The backup file ${file} is damaged: ${table!.name} holds ${count} rows, the backup counted ${header.rows[table!.name]}.`);
        }
        if (table!.schema === 'public') await target.query(`alter table ${quoted(table!)} enable trigger user`);
        loaded.push(table!);
        rowsLoaded += count;
        tables++;
        table = null;
      } else if (marker[0] === 'job') {
        jobs.push(JSON.stringify(marker[1]));
      } else if (marker[0] === 'file') {
        pendingFile = String(marker[1]);
      } else if (marker[0] === 'done') {
        complete = true;
      }
    }
    if (!complete) throw new RestoreError(`The backup file ${file} is incomplete (it was cut short while being written or copied): use another backup.`);
    if (jobs.length !== (header.jobs ?? 0)) throw new RestoreError(`The backup file ${file} is damaged: it holds ${jobs.length} jobs, the backup counted ${header.jobs}.`);
    if (jobs.length > 0) await keepRestoredJobs(target, jobs);
    await setSequences(target, loaded);
    await target.query('commit');
  } catch (error) {
    await target.query('rollback').catch(() => {});
    throw error;
  }
  return { tables, rows: rowsLoaded, files, takenAt: header.takenAt, expected: header.rows, jobs: jobs.length };
}

/** The backup files in `dir`, oldest first. */
export function backupFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => BACKUP_FILE.test(name)).sort();
  } catch {
    return [];
  }
}

/** Whether the database holds any of the shop's tables (or drizzle's history of them). */
export async function hasTables(target: Queryable): Promise<boolean> {
  const { rows } = await target.query<{ n: string }>(
    `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', $1) and c.relkind in ('r', 'p')`,
    [MIGRATIONS.schema],
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

async function refuseUnlessEmpty(target: Queryable): Promise<void> {
  if (await hasTables(target)) {
    throw new RestoreError(
      'The database is not empty (it has tables): a backup is restored only into an empty one. Point DATA_DIR at a new folder, or DATABASE_URL at a new database (createdb), and restore again.',
    );
  }
}

// --- reading the schema --------------------------------------------------------------------------------------------

/** The shop's tables (and drizzle's history), each after every table it references. */
async function tablesInLoadOrder(source: Queryable): Promise<Table[]> {
  const { rows: relations } = await source.query<{ oid: number; schema: string; name: string }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where (n.nspname = 'public' or (n.nspname = $1 and c.relname = $2)) and c.relkind in ('r', 'p') order by n.nspname, c.relname`,
    [MIGRATIONS.schema, MIGRATIONS.table],
  );
  const { rows: references } = await source.query<{ child: number; parent: number }>(
    `select conrelid::int as child, confrelid::int as parent from pg_constraint where contype = 'f' and conrelid <> confrelid`,
  );
  const { rows: columns } = await source.query<{ oid: number; name: string }>(
    // generated columns (the search vector) are made again by the database
    `select attrelid::int as oid, attname as name from pg_attribute
     where attrelid in (${relations.map((relation) => Number(relation.oid)).join(', ') || '0'}) and attnum > 0 and not attisdropped and attgenerated = ''
     order by attrelid, attnum`,
  );
  const ordered: Table[] = [];
  const placed = new Set<number>();
  const pending = [...relations];
  while (pending.length > 0) {
    const index = pending.findIndex((relation) =>
      references.every((reference) => reference.child !== relation.oid || placed.has(reference.parent) || !relations.some((r) => r.oid === reference.parent)),
    );
    // a cycle of references (the shop has none): the rest in name order, checked at commit like any other
    const [next] = pending.splice(index === -1 ? 0 : index, 1);
    placed.add(next!.oid);
    ordered.push({
      name: `${next!.schema}.${next!.name}`,
      schema: next!.schema,
      table: next!.name,
      columns: columns.filter((column) => column.oid === next!.oid).map((column) => column.name),
    });
  }
  return ordered;
}

/**
 * The job queue's jobs (graphile-worker's own tables, when the queue has made them): those due, waiting for their
 * time, running (they run again after a restore) or failed for good (they wait for an admin again).
 */
async function queuedJobs(source: Queryable): Promise<BackedUpJob[]> {
  const { rows } = await source.query<{ queue: string | null }>(`select to_regclass('graphile_worker._private_jobs')::text as queue`);
  if (!rows[0]?.queue) return [];
  const { rows: jobs } = await source.query<BackedUpJob>(
    `select tasks.identifier as task, jobs.payload, jobs.run_at as "runAt", jobs.key, jobs.attempts, jobs.max_attempts as "maxAttempts",
       jobs.last_error as "lastError"
     from graphile_worker._private_jobs jobs join graphile_worker._private_tasks tasks on tasks.id = jobs.task_id order by jobs.id`,
  );
  return jobs.map((job) => ({ ...job, runAt: new Date(job.runAt).toISOString() }));
}

/** A backup's jobs into restored_jobs (migration 0019), for the restored shop's first start to queue. */
async function keepRestoredJobs(target: Queryable, jobs: string[]): Promise<void> {
  await target.query(
    `insert into restored_jobs (task, payload, run_at, key, attempts, max_attempts, last_error)
     select task, payload, "runAt", key, attempts, "maxAttempts", "lastError"
     from json_to_recordset($1::json) as j(task text, payload jsonb, "runAt" timestamptz, key text, attempts int, "maxAttempts" int, "lastError" text)`,
    [`[${jobs.join(',')}]`],
  );
}

async function lastMigration(source: Queryable): Promise<Header['migration']> {
  try {
    const { rows } = await source.query<{ created_at: string; hash: string }>(
      `select created_at::text as created_at, hash from ${identifier(MIGRATIONS.schema)}.${identifier(MIGRATIONS.table)} order by created_at desc limit 1`,
    );
    return rows[0] ? { createdAt: Number(rows[0].created_at), hash: rows[0].hash } : null;
  } catch {
    return null;
  }
}

function migrationsUpTo(last: Header['migration']) {
  const all = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  if (!last) return [];
  const upTo = all.filter((migration) => migration.folderMillis <= last.createdAt);
  const newest = all.at(-1);
  if (!upTo.some((migration) => migration.folderMillis === last.createdAt) || (newest && last.createdAt > newest.folderMillis)) {
    throw new RestoreError(
      `This backup was taken by a newer version of the shop (its schema is at a migration this version does not have): restore it with that version or a later one.`,
    );
  }
  return upTo;
}

async function setSequences(target: Queryable, tables: Table[]): Promise<void> {
  for (const table of tables) {
    for (const column of table.columns) {
      const { rows } = await target.query<{ sequence: string | null }>('select pg_get_serial_sequence($1, $2) as sequence', [quoted(table), column]);
      const sequence = rows[0]?.sequence;
      if (!sequence) continue;
      // never below the sequence's start: the orders' numbers begin at 1001 even when the backup held no order
      await target.query(
        `select setval($1, greatest(coalesce(max(${identifier(column)}), 0) + 1, (select seqstart from pg_sequence where seqrelid = $1::regclass)), false) from ${quoted(table)}`,
        [sequence],
      );
    }
  }
}

// --- files ---------------------------------------------------------------------------------------------------------

function parseHeader(line: string, file: string): Header {
  let header: Partial<Header> | null = null;
  try {
    header = JSON.parse(line) as Partial<Header>;
  } catch {
    // said below
  }
  if (!header || header.format !== BACKUP_FORMAT) throw new RestoreError(`${file} is not a backup of the shop (npm run backup writes them).`);
  if (header.version !== BACKUP_VERSION) throw new RestoreError(`${file} is a backup in a format this version does not read (version ${header.version}).`);
  return header as Header;
}

async function* readLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) if (line) yield line;
  } catch (error) {
    throw new RestoreError(`The backup file ${file} cannot be read (${(error as Error).message}): it may be damaged or cut short.`);
  }
}

function imageFiles(dir: string | undefined): string[] {
  if (!dir) return [];
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

function syncFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function identifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoted(table: Table): string {
  return `${identifier(table.schema)}.${identifier(table.table)}`;
}
