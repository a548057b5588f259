// What every start does before serving: migrate, make the configured admin, seed the demo shop when it is due.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { ensureAdmin, revokeAdmin } from './modules/accounts/admins.ts';
import { ProductImages, storageFor } from './modules/images/storage.ts';
import { eraseAgain } from './modules/privacy/erasure.ts';
import { ErasureLog } from './modules/privacy/erasure-log.ts';
import { beginDemoSeed, DEMO_ACCOUNTS, ensureCollectionImages, isEmpty, seedDemo, type DemoSeedWork } from './scripts/seed.ts';

/**
 * A database this start made, empty, gets the demo shop unless the configuration says otherwise: the seed's pictures
 * and password hashes can then be begun before the database is up (server.ts), and `prepareDatabase` takes them.
 */
export function beginDemoSeedOf(config: Config, database: Database): DemoSeedWork | undefined {
  if (!database.fresh || config.env === 'production' || config.seedDemo === 'never') return undefined;
  return beginDemoSeed(new ProductImages(storageFor(config)), { withDemoAdmin: !config.admin });
}

export async function prepareDatabase(
  config: Config,
  database: Database,
  log: Pick<FastifyBaseLogger, 'info'>,
  demoBegun?: DemoSeedWork,
): Promise<void> {
  await runMigrations(database);
  // a backup restored from before an erasure brings her rows back: the deletion log erases them again (PRODUCT section 9)
  const erasedAgain = await eraseAgain(database.db, ErasureLog.in(config.backups.dir));
  if (erasedAgain > 0) log.info(`Erased again ${erasedAgain} account(s) of the deletion log that a restored backup brought back`);
  const images = new ProductImages(storageFor(config));
  // Production never gets demo accounts; the embedded default gets the demo shop on its first start.
  const seedDue =
    config.env !== 'production' &&
    (config.seedDemo === 'always' || (config.seedDemo === 'auto' && database.kind === 'embedded' && (await isEmpty(database.db))));
  // With ADMIN_EMAIL set the shop has a real admin: no demo admin (whose password the README publishes) is made,
  // and one left by an earlier demo start loses its rights.
  if (seedDue) await seedDemo(database.db, images, (message) => log.info(message), { withDemoAdmin: !config.admin, begun: demoBegun });
  else await ensureCollectionImages(images);
  if (config.admin) {
    await ensureAdmin(database.db, config.admin);
    if (config.admin.email !== DEMO_ACCOUNTS.admin.email) {
      await revokeAdmin(database.db, DEMO_ACCOUNTS.admin.email);
    }
  }
}
