import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './chromium.mjs';
import { ADMIN } from './tests/catalog.ts';

// The journeys run against the production build, served by the real server on a fresh embedded database.
const port = Number(process.env.E2E_PORT ?? 4173);
// made once by the runner and handed to its workers (they load this file again) through the environment: the
// journeys read the server's mail from its outbox (tests/outbox.ts)
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const root = path.resolve(import.meta.dirname, '..');

const BRAND = /brand\.spec\.ts$/;
// Every journey runs on a phone, where most shoppers are; at 1280 px, those whose layout or flow changes with the width
// (the menu on hover, the grid's per-row switch, the checkout's two columns, the payment pages). CI's 20 minutes hold
// no more.
const DESKTOP = /(smoke|storefront|egypt-checkout|paymob)\.spec\.ts$/;

const browser = await findChromium();
if ('missing' in browser) throw new Error(browser.missing);
const chromium = {
  launchOptions: {
    executablePath: browser.executablePath,
    env: { ...process.env, ...browser.env },
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
};

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // two files at a time, one per core: every journey makes its own accounts and products (run tags), so journeys
  // side by side see only their own; a file's tests still run in order
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { baseURL: `http://127.0.0.1:${port}`, trace: 'off', screenshot: 'only-on-failure' },
  projects: [
    // the journeys' own catalog, added through the API by their own admin (tests/catalog.ts)
    { name: 'setup', testMatch: /catalog\.setup\.ts$/ },
    { name: 'phone', dependencies: ['setup'], testIgnore: BRAND, use: { ...devices['iPhone 13'], browserName: 'chromium', viewport: { width: 375, height: 812 }, ...chromium } },
    { name: 'desktop', dependencies: ['setup'], testMatch: DESKTOP, use: { browserName: 'chromium', viewport: { width: 1280, height: 800 }, ...chromium } },
    // renames the shop and changes its logo and colour, which every other journey's pages show: alone, after them all
    // (its own file runs its phone and desktop tests one after the other). Alone: --project brand --no-deps
    { name: 'brand', dependencies: ['phone', 'desktop'], testMatch: BRAND, use: { browserName: 'chromium', ...chromium } },
  ],
  webServer: {
    command: `node ${path.join(root, 'apps/api/dist/server.js')}`,
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      REGISTER_RATE_LIMIT: '1000',
      PASSWORD_RESET_RATE_LIMIT: '1000',
      ORDER_RATE_LIMIT: '1000',
      // no demo shop: the journeys use only the admin and the catalog they make
      SEED_DEMO: 'never',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_USERNAME: ADMIN.username,
    },
  },
});
