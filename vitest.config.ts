import { defineConfig } from 'vitest/config';

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
