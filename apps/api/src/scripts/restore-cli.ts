// `npm run restore -- <file>`: a backup (npm run backup, BACKUP_EVERY) restored into an empty data directory (the
// embedded PostgreSQL is made there) or an empty database (DATABASE_URL); anything else is refused. The newer
// migrations of this version run after it, as on a start.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { RestoreError, restoreBackup, type Queryable } from '../db/backup.ts';
import { openDatabase } from '../db/client.ts';
import { startFailureMessage } from '../db/errors.ts';
import { runMigrations } from '../db/migrate.ts';
import { pgliteDir } from '../db/pglite-move.ts';
import { storageFor } from '../modules/images/storage.ts';

if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

const given = process.argv[2];
if (!given || process.argv.length > 3) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exit(2);
}

try {
  const file = path.resolve(given);
  if (!existsSync(file)) throw new RestoreError(`There is no file ${file}.`);
  const config = loadConfig();
  if (!config.databaseUrl && existsSync(path.join(pgliteDir(config.dataDir), 'PG_VERSION'))) {
    throw new RestoreError(`${config.dataDir} holds a database already (${pgliteDir(config.dataDir)}): a backup is restored only into an empty data directory. Point DATA_DIR at a new folder and restore again.`);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2, log: console.log });
  try {
    const images = storageFor(config);
    const client = await database.pool.connect();
    let restored;
    try {
      restored = await restoreBackup(file, client as Queryable, (name, data) => images.put(name, data));
    } finally {
      client.release();
    }
    await runMigrations(database);
    const into = config.databaseUrl ? 'the database DATABASE_URL names' : `the embedded PostgreSQL in ${config.dataDir}`;
    console.log(`restored ${file} (taken ${restored.takenAt}) into ${into}: ${restored.tables} tables, ${restored.rows} rows, ${restored.files} pictures, ${restored.jobs} jobs`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof RestoreError ? error.message : startFailureMessage(error));
  process.exitCode = 1;
}
