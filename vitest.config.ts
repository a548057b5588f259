import { defineConfig } from 'vitest/config';

// The API suite runs once, on the shop's default database (the embedded PostgreSQL). With DATABASE_URL set, `npm test`
// also runs the files whose subject differs on a PostgreSQL server of one's own: its connections cut under load,
// several processes sharing it (and migrating it at once), backups and restores into a database DATABASE_URL names.
// TEST_DB=postgres alone (no API_TESTS_ON_BOTH) runs the whole suite there.
const ON_YOUR_POSTGRES = [
  'apps/api/test/faults.test.ts',
  'apps/api/test/scale-out.test.ts',
  'apps/api/test/backup.test.ts',
];
const onlyWhatDiffers = process.env.API_TESTS_ON_BOTH === '1' && process.env.TEST_DB === 'postgres';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shop-core', include: ['packages/shop-core/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      // eslint.config.js's import boundaries, on snippets
      { test: { name: 'lint', include: ['scripts/**/*.test.mjs'], testTimeout: 30_000 } },
      {
        test: {
          name: 'api',
          include: onlyWhatDiffers ? ON_YOUR_POSTGRES : ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          // One database for the whole run: files run one after another in one process and share it.
          fileParallelism: false,
          isolate: false,
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: ['apps/api/test/contract-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
