import { defineConfig } from 'vitest/config';

// When `npm test` runs the API tests on both databases (DATABASE_URL set), the files whose subject is not the database
// (the shop's processes killed and cut off, the input corpus, the access matrix, mail, Redis, metrics) run on one of
// them only: the default's processes killed on the embedded one, the rest on PostgreSQL, which has less of its own
// (embedded-postgres.test.ts and the backups run on the embedded one alone). Each run alone runs them all.
const bothRuns = process.env.API_TESTS_ON_BOTH === '1';
const ONLY_ON_EMBEDDED = ['apps/api/test/job-faults.test.ts', 'apps/api/test/faults.test.ts'];
const ONLY_ON_POSTGRES = [
  'apps/api/test/security/bad-input.test.ts',
  'apps/api/test/security/access-matrix.test.ts',
  'apps/api/test/security/audit-2026-11.test.ts',
  'apps/api/src/scripts/demo/garments.test.ts',
  'apps/api/test/redis-away.test.ts',
  'apps/api/test/metrics.test.ts',
  'apps/api/test/mail.test.ts',
  'apps/api/test/passwords.test.ts',
];
const apiExcluded = !bothRuns ? [] : process.env.TEST_DB === 'postgres' ? ONLY_ON_EMBEDDED : ONLY_ON_POSTGRES;

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
          include: ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...apiExcluded],
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
