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
// A second shop paying through Paymob (paymob.spec.ts), against the local Paymob test server: the provider is the
// whole shop's choice, so the sandbox shop above cannot also be a Paymob one.
const paymobShopPort = Number(process.env.E2E_PAYMOB_SHOP_PORT ?? port + 1);
// not the test server's own default, 4190: fetch (Node's and Chromium's) refuses that port as unsafe (ManageSieve)
const paymobPort = Number(process.env.E2E_PAYMOB_PORT ?? 4191);
const paymobDataDir = process.env.E2E_PAYMOB_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'shop-e2e-paymob-'));
process.env.E2E_PAYMOB_DATA_DIR = paymobDataDir;
// read by paymob.spec.ts
process.env.E2E_PAYMOB_SHOP_URL = `http://127.0.0.1:${paymobShopPort}`;
process.env.E2E_PAYMOB_URL = `http://127.0.0.1:${paymobPort}`;
// A third shop sending its orders to Bosta (courier.spec.ts), against the local Bosta stand-in (scripts/bosta-test-server.mjs):
// the courier is the whole shop's choice, and with one set up every accepted order's page offers to send it
const bostaShopPort = Number(process.env.E2E_BOSTA_SHOP_PORT ?? port + 4);
const bostaPort = Number(process.env.E2E_BOSTA_PORT ?? 4192);
const bostaDataDir = process.env.E2E_BOSTA_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'shop-e2e-bosta-'));
process.env.E2E_BOSTA_DATA_DIR = bostaDataDir;
process.env.E2E_BOSTA_SHOP_URL = `http://127.0.0.1:${bostaShopPort}`;
process.env.E2E_BOSTA_URL = `http://127.0.0.1:${bostaPort}`;
const bosta = { BOSTA_API_KEY: 'bosta_api_key_test_e2e', BOSTA_PICKUP_LOCATION_ID: 'bosta-location-test-e2e' };
// Meta's Graph API and pixel script, stood in for by scripts/meta-test-server.mjs (reach.spec.ts)
const metaPort = Number(process.env.E2E_META_PORT ?? port + 3);
process.env.E2E_META_URL = `http://127.0.0.1:${metaPort}`;
const paymob = {
  PAYMOB_SECRET_KEY: 'egy_sk_test_e2e',
  PAYMOB_API_KEY: 'paymob_api_key_test_e2e',
  PAYMOB_PUBLIC_KEY: 'egy_pk_test_e2e',
  PAYMOB_HMAC_SECRET: 'paymob_hmac_test_e2e',
  PAYMOB_INTEGRATIONS: 'card:101,wallet:102,kiosk:103',
};

// both shops: the journeys' own admin, and limits high enough for many journeys' logins and orders
const shopEnv = {
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '1000',
  REGISTER_RATE_LIMIT: '1000',
  PASSWORD_RESET_RATE_LIMIT: '1000',
  ORDER_RATE_LIMIT: '1000',
  // every journey's guest orders and card payments come from one address
  GUEST_ORDER_RATE_LIMIT: '1000',
  UNPAID_HOLD_PIECES: '0',
  PAYMENT_RATE_LIMIT: '1000',
  // no demo shop: the journeys use only the admin and the catalog they make
  SEED_DEMO: 'never',
  // the journeys' shops commit without waiting for the disk (their sessions' synchronous_commit, through node-postgres's
  // PGOPTIONS): nothing of theirs outlives the run, and the disk is what the machine waited on most
  PGOPTIONS: '-c synchronous_commit=off',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_USERNAME: ADMIN.username,
};

const BRAND = /brand\.spec\.ts$/;
// Every journey runs on a phone, where most shoppers are; at 1280 px, those whose layout or flow changes with the width
// (the menu on hover, the grid's per-row switch, the checkout's two columns, the payment pages), and those whose issues'
// acceptance asks for both widths: the owner's desk (the sales page's figures, chart and tables side by side, the admin's
// tabs, the Activity table and the products' import) and finding the right piece and its reviews (the filter panel over
// the wide grid, the product page's two columns with the swatches and the size guide, the reviews under them), and the
// screenshot journey of every screen (issue 42). The others stay at 375 px alone: CI's 20 minutes hold no more.
const DESKTOP = /(smoke|storefront|egypt-checkout|paymob|courier|desk|finding|reviews|privacy|reach|screens|confirm-orders)\.spec\.ts$/;

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
  // three files at a time on two cores (a journey mostly waits on the page and the server: measured, two left the
  // machine half idle): every journey makes its own accounts and products (run tags), so journeys side by side see
  // only their own; a file's tests still run in order
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // npm test (scripts/test.mjs) also asks for the results as JSON, to print what failed last
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : [['list']],
  use: { baseURL: `http://127.0.0.1:${port}`, trace: 'off', screenshot: 'only-on-failure' },
  projects: [
    // the journeys' own catalog, added through the API by their own admin (tests/catalog.ts)
    { name: 'setup', testMatch: /catalog\.setup\.ts$/ },
    // the phone asks for reduced motion (the shop honours it, styles.css): a journey does not wait on slides and fades,
    // and the machine does not paint them; the desktop journeys keep the motion, so its paths still run
    { name: 'phone', dependencies: ['setup'], testIgnore: BRAND, use: { ...devices['iPhone 13'], browserName: 'chromium', viewport: { width: 375, height: 812 }, reducedMotion: 'reduce', ...chromium } },
    { name: 'desktop', dependencies: ['setup'], testMatch: DESKTOP, use: { browserName: 'chromium', viewport: { width: 1280, height: 800 }, ...chromium } },
    // renames the shop and changes its logo and colour, which every other journey's pages show: alone, after them all
    // (its own file runs its phone and desktop tests one after the other). Alone: --project brand --no-deps
    { name: 'brand', dependencies: ['phone', 'desktop'], testMatch: BRAND, use: { browserName: 'chromium', ...chromium } },
  ],
  webServer: [
    shop(port, dataDir, {
      META_PIXEL_SCRIPT_URL: `http://127.0.0.1:${metaPort}/en_US/fbevents.js`,
      META_GRAPH_URL: `http://127.0.0.1:${metaPort}`,
      META_CAPI_TOKEN: 'meta_capi_test_e2e',
    }),
    {
      command: `node ${path.join(root, 'scripts/meta-test-server.mjs')} --port ${metaPort}`,
      url: `http://127.0.0.1:${metaPort}/en_US/fbevents.js`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { META_CAPI_TOKEN: 'meta_capi_test_e2e' },
    },
    {
      command: `node ${path.join(root, 'scripts/paymob-test-server.mjs')} --port ${paymobPort}`,
      url: `http://127.0.0.1:${paymobPort}/pixel/main.js`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...paymob },
    },
    shop(paymobShopPort, paymobDataDir, {
      PAYMENT_PROVIDER: 'paymob',
      ...paymob,
      PAYMOB_BASE_URL: `http://127.0.0.1:${paymobPort}`,
      PAYMOB_PIXEL_URL: `http://127.0.0.1:${paymobPort}/pixel/main.js`,
      // Paymob's callbacks and the shopper's return come back here
      PUBLIC_URL: `http://127.0.0.1:${paymobShopPort}`,
    }),
    {
      command: `node ${path.join(root, 'scripts/bosta-test-server.mjs')} --port ${bostaPort}`,
      url: `http://127.0.0.1:${bostaPort}/api/v2/deliveries/none`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...bosta },
    },
    shop(bostaShopPort, bostaDataDir, {
      ...bosta,
      BOSTA_WEBHOOK_SECRET: 'bosta-webhook-secret-of-the-e2e-shop',
      BOSTA_BASE_URL: `http://127.0.0.1:${bostaPort}`,
      // Bosta's webhooks come back here
      PUBLIC_URL: `http://127.0.0.1:${bostaShopPort}`,
    }),
  ],
});

/** A shop of the run: the production server on a fresh embedded database in its own data directory. */
function shop(shopPort: number, shopDataDir: string, env: Record<string, string> = {}) {
  return {
    command: `node ${path.join(root, 'apps/api/dist/server.js')}`,
    url: `http://127.0.0.1:${shopPort}/api/ready`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { PORT: String(shopPort), DATA_DIR: shopDataDir, ...shopEnv, ...env },
  };
}
