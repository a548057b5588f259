import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, joinRunning: true });
try {
  await runMigrations(database);
  console.log(`migrations applied (${database.kind})`);
} catch (error) {
  console.error('migration failed:', error);
  process.exitCode = 1;
} finally {
  await database.close();
}
