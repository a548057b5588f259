// npm run admin:promote -- <email>: the operator makes an existing account an admin. A start never does
// (see ensureAdmin); this command runs only where the operator has the shop's configuration and database.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { promoteToAdmin } from '../modules/accounts/admins.ts';

const email = process.argv[2]?.trim().toLowerCase();
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run admin:promote -- <email>');
  process.exit(2);
}
// npm runs a workspace's script in its folder; DATA_DIR=./data means the folder the operator ran npm in.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, joinRunning: true });
try {
  await runMigrations(database);
  const outcome = await promoteToAdmin(database.db, email);
  if (outcome === 'not found') {
    console.error(`No account has the email ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(outcome === 'promoted' ? `${email} is now an admin.` : `${email} was already an admin.`);
  }
} catch (error) {
  console.error('promotion failed:', error);
  process.exitCode = 1;
} finally {
  await database.close();
}
