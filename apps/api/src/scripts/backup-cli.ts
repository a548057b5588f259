// `npm run backup`: a backup of the shop's database (and its pictures, when they are kept in the data directory) to
// DATA_DIR/backups. It works while the shop runs: on the embedded PostgreSQL it joins the running server through its
// socket; with no shop running it starts the server itself for the moment it takes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { describeBackup, takeBackup } from '../backup-schedule.ts';
import { openDatabase } from '../db/client.ts';
import { startFailureMessage } from '../db/errors.ts';
import { embeddedPaths } from '../db/embedded.ts';
import { pgliteDir } from '../db/pglite-move.ts';

// npm runs a workspace's script in its folder; DATA_DIR=./data means the folder the operator ran npm in.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

try {
  const config = loadConfig();
  const cluster = path.join(embeddedPaths(config.dataDir).cluster, 'PG_VERSION');
  if (!config.databaseUrl && !existsSync(cluster) && !existsSync(pgliteDir(config.dataDir))) {
    throw new ConfigError(`There is no database in ${config.dataDir} to back up (set DATA_DIR, or DATABASE_URL, to the shop's).`);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 1, joinRunning: true, log: console.log });
  try {
    console.log(describeBackup(await takeBackup(config, database.pool, database.kind)));
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : startFailureMessage(error));
  process.exitCode = 1;
}
