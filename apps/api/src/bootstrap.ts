// What every start does before serving: migrate, make the configured admin, seed the demo shop when it is due.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { StartupError } from './db/data-dir.ts';
import { runMigrations } from './db/migrate.ts';
import { DEMO_ACCOUNTS, ensureCollectionImages, isEmpty, seedDemo } from './scripts/seed.ts';
import { ensureAdmin, revokeAdmin } from './modules/accounts/admins.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { ProductImages, storageFor } from './modules/images/storage.ts';

export async function prepareDatabase(config: Config, database: Database, log: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  await runMigrations(database);
  const images = new ProductImages(storageFor(config));
  // Production never gets demo accounts; the embedded default gets the demo shop on its first start.
  const seedDue =
    config.env !== 'production' &&
    (config.seedDemo === 'always' || (config.seedDemo === 'auto' && database.kind === 'embedded' && (await isEmpty(database.db))));
  // With ADMIN_EMAIL set the shop has a real admin: no demo admin (whose password the README publishes) is made,
  // and one left by an earlier demo start loses its rights.
  if (seedDue) await seedDemo(database.db, images, (message) => log.info(message), { withDemoAdmin: !config.admin });
  else await ensureCollectionImages(images);
  if (config.admin) {
    await ensureAdmin(database.db, config.admin);
    if (config.admin.email !== DEMO_ACCOUNTS.admin.email) {
      await revokeAdmin(database.db, DEMO_ACCOUNTS.admin.email);
    }
  }
}

/** Why a start failed, in one sentence where the cause is known: the disk, the data directory, the database. */
export function startFailureMessage(error: unknown): string {
  if (error instanceof StartupError) return error.message;
  const chain: (Error & { code?: string; path?: string; address?: string; port?: number })[] = [];
  for (let current = error; current instanceof Error && chain.length < 6; current = current.cause) chain.push(current);
  const codes = chain.map((link) => link.code).filter(Boolean);
  const where = chain.find((link) => link.path)?.path;
  if (codes.includes('ENOSPC') || codes.includes('EDQUOT')) return `No space left on device${where ? ` (writing ${where})` : ''}; free some space and start again.`;
  if (codes.includes('EROFS')) return `${where ?? 'A file the shop needs'} is not writable: it is on a read-only file system.`;
  if (codes.includes('EACCES') || codes.includes('EPERM')) return `${where ?? 'A file the shop needs'} is not writable: permission denied.`;
  if (codes.includes('28P01') || codes.includes('28000')) return 'The database refused to log in with the user and password in DATABASE_URL.';
  if (codes.includes('3D000')) return `The database named in DATABASE_URL does not exist: create it first (createdb).`;
  if (isDatabaseUnavailable(error)) {
    const link = chain.find((candidate) => candidate.address) ?? chain.find((candidate) => candidate.code) ?? chain.at(-1);
    const target = link?.address ? ` at ${link.address}:${link.port}` : '';
    return `The database${target} is unreachable (${link?.code ?? link?.message}): check DATABASE_URL and that PostgreSQL is running.`;
  }
  return `The shop could not start: ${String((error as Error)?.stack ?? error)}`;
}
