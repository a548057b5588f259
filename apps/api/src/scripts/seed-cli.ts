import { loadConfig } from '../config.ts';
import { ProductImages, storageFor } from '../modules/images/storage.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemo } from './seed.ts';

const config = loadConfig();
if (config.env === 'production') {
  console.error('The demo catalog and accounts are never seeded in production.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, joinRunning: true });
try {
  await runMigrations(database);
  await seedDemo(database.db, new ProductImages(storageFor(config)), console.log);
} catch (error) {
  console.error('seeding failed:', error);
  process.exitCode = 1;
} finally {
  await database.close();
}
