// `npm run bench`: every measure of issue 6 but the 100,000-product run (`npm run bench:scale`), on loopback,
// bounded in time; prints tables and writes results/bench.json and results/bench.md. Never fails for being slow.
//
//   npm run bench                          build (web with its manifest, api), then everything
//   BENCH_NO_BUILD=1 npm run bench         use the builds already in apps/*/dist   (or: npm run bench -w bench -- --no-build)
//   BENCH_ONLY=weight,api npm run bench    some of: weight, startup, lighthouse, pages, api, checkout, workers   (or -- --only=...)
//   BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_LIGHTHOUSE_RUNS=3   (the defaults)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { BENCH_ADMIN, catalogPairs, checkoutColumns, checkoutRun, poolColumns, pairColumns, pairRows, workersColumns, workersCompare } from './api.mjs';
import { at, log, parseArgs, round, saveResults, table } from './lib/common.mjs';
import { CONNECTIONS, DURATION, pairedRun } from './lib/load.mjs';
import { createDatabase, dropDatabase } from './lib/pg.mjs';
import { removeDir, setServerDefaults, startServer, tempDataDir } from './lib/server.mjs';
import { lighthouseColumns, runLighthouse, RUNS } from './lighthouse.mjs';
import { figures, firstStart, secondStart, startupColumns } from './startup.mjs';
import { startStaticCopy } from './lib/static-copy.mjs';
import { renderBenchMarkdown, withCpuText, withFailureText } from './render.mjs';
import { renderTargets, targets } from './targets.mjs';
import { measureWeight, weightColumns } from './weight.mjs';

const args = parseArgs(process.argv.slice(2));
const want = (name) => !args.only || args.only.has(name);
const sections = {};
const load = () => os.loadavg().map((value) => round(value, 1)).join(' / ');
const POOL_SIZES = (process.env.BENCH_POOL_SIZES ?? '5,10,20,40').split(',').filter(Boolean).map(Number);
const command = `${args.only ? `BENCH_ONLY=${[...args.only].join(',')} ` : ''}npm run bench`;
const stamp = () => ({ command, measuredAt: new Date().toISOString(), loadAverageBefore: load() });
const show = (title, columns, rows) => {
  console.log(`\n${title}\n${table(columns, rows).text}`);
};
// loose limits for the bench: it registers many customers from one address, and each places orders in a loop
const BENCH_LIMITS = { LOGIN_RATE_LIMIT: '1000000', REGISTER_RATE_LIMIT: '1000000', ORDER_RATE_LIMIT: '1000000' };
const EMBEDDED = 'embedded PostgreSQL (default)';
// the README's demo admin, whom the embedded default's first start makes: the checkout restocks with it
const DEMO_ADMIN = { email: 'admin@shop.test', password: 'Admin12345!' };

// The storefront is built into a directory of the bench's own (served through WEB_DIST), so a build by someone else
// in apps/web/dist during the run cannot change what is weighed or what Lighthouse loads.
let webDist = at('apps/web/dist');

function build() {
  const privateDist = path.join(os.tmpdir(), `shop-bench-web-${process.pid}`);
  log('building the storefront (with its manifest)');
  // vite itself, not `npm run build -w apps/web`: that script ends in a step that takes no flags
  const web = spawnSync('npx', ['vite', 'build', '--manifest', '--outDir', privateDist, '--emptyOutDir'], { cwd: at('apps/web'), stdio: ['ignore', 'ignore', 'inherit'] });
  // and the server's page renderer beside it (dist/.ssr), as `npm run build -w apps/web` does
  const ssr = web.status === 0
    ? spawnSync('npx', ['vite', 'build', '--ssr', 'src/app/server/entry-server.tsx', '--outDir', path.join(privateDist, '.ssr')], { cwd: at('apps/web'), stdio: ['ignore', 'ignore', 'inherit'] })
    : web;
  if (ssr.status === 0 && existsSync(path.join(privateDist, 'index.html'))) {
    webDist = privateDist;
    precompress(privateDist);
  } else {
    log(`the storefront build failed (exit ${web.status}); measuring the build already in apps/web/dist`);
  }
  log('building the api');
  const api = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: at('.'), stdio: ['ignore', 'ignore', 'inherit'] });
  if (api.status !== 0) log(`the api build failed (exit ${api.status}); measuring the build already in apps/api/dist`);
  if (!existsSync(at('apps/api/dist/server.js'))) throw new Error('no apps/api/dist/server.js: the API could not be built');
}

/** What apps/web/scripts/precompress.mjs does to apps/web/dist, done to the bench's own build: .br and .gz beside each text file. */
function precompress(dir) {
  for (const entry of readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, entry);
    // .vite (the manifest) and .ssr (the page renderer) are the server's, never sent
    if (!/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(file) || entry.split(path.sep).some((part) => part.startsWith('.'))) continue;
    const data = readFileSync(file);
    if (data.length < 512) continue;
    writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
    writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}

async function measureEmbedded() {
  const dataDir = tempDataDir('embedded');
  try {
    let startup = null;
    if (want('startup')) {
      startup = { ...stamp(), rows: [] };
      log('startup: first start on a fresh data dir (initdb, migrations, the demo seed)');
      startup.rows.push(await firstStart(dataDir));
    }
    // the rate limits loosened for the checkout's registrations (they change nothing a start does)
    const { server, row } = await secondStart(dataDir, BENCH_LIMITS);
    startup?.rows.push(row);
    try {
      const [product] = await (await fetch(`${server.url}/api/products?limit=1`)).json();
      const pagePaths = [
        { name: 'home', path: '/' },
        { name: 'shop', path: '/shop' },
        { name: 'product', path: `/products/${encodeURIComponent(product.name)}` },
      ];
      if (want('lighthouse')) {
        // each page of the shop, then the same page from a static copy of its HTML on a bare node:http server (with
        // the same built files and images): the yardstick of what the HTML and the assets alone allow
        const copy = await startStaticCopy(server.url, pagePaths.map((page) => page.path), { webDist, imagesDir: path.join(dataDir, 'images') });
        try {
          const pages = pagePaths.flatMap((page) => [
            { ...page, url: server.url + page.path },
            { ...page, name: `${page.name} (static copy)`, url: copy.url + page.path, copy: true },
          ]);
          const section = { ...stamp(), runs: RUNS, settings: 'Lighthouse defaults: mobile form factor, simulated throttling (slow 4G, 4x CPU)' };
          section.pages = await runLighthouse(pages);
          sections.lighthouse = section;
          show(`Lighthouse, mobile, median of ${RUNS}`, lighthouseColumns, section.pages);
        } finally {
          await copy.stop();
        }
      }
      if (want('pages')) {
        // the rendered HTML from the page cache, beside a bare node:http server answering the same bytes
        const section = { ...stamp(), connections: CONNECTIONS, durationSeconds: DURATION, results: [] };
        for (const page of [pagePaths[0], pagePaths[2]]) {
          section.results.push({ database: EMBEDDED, ...(await pairedRun(server.url, { name: `${page.name} page HTML`, path: page.path }, { uncached: false })) });
        }
        sections.pages = section;
        show(`Server-rendered pages (cached) beside a bare node:http server, ${CONNECTIONS} connections, ${DURATION} s each`, pairColumns, pairRows(section.results));
      }
      if (want('api')) {
        const section = { ...stamp(), connections: CONNECTIONS, durationSeconds: DURATION };
        section.results = await catalogPairs(server.url, EMBEDDED, server.pid);
        sections.apiEmbedded = section;
        show(`Catalog reads, embedded database, ${CONNECTIONS} connections, ${DURATION} s each`, pairColumns, pairRows(section.results));
      }
      if (want('checkout')) {
        const section = { ...stamp() };
        section.result = { database: EMBEDDED, ...(await checkoutRun(server.url, { serverPid: server.pid, population: 'embedded', admin: DEMO_ADMIN })) };
        sections.checkoutEmbedded = section;
        show('Checkout on the embedded default (add-cart ×2 then a cash order, in a loop per customer)', checkoutColumns, [withCpuText(withFailureText(section.result))]);
      }
      if (startup && (want('lighthouse') || want('pages') || want('api'))) {
        const memory = server.memory();
        startup.rows.push({ start: 'second, after the Lighthouse, API and checkout runs', ...figures(null, memory) });
      }
    } finally {
      await server.stop();
    }
    if (startup) {
      sections.startup = startup;
      show('Embedded default: start to first page, peak memory', startupColumns, startup.rows);
    }
  } finally {
    removeDir(dataDir);
  }
}

async function measurePostgres() {
  const database = await createDatabase('bench');
  const dataDir = tempDataDir('pg');
  log(`PostgreSQL database ${database.name}`);
  try {
    if (want('api') || want('checkout')) {
      const server = await startServer({ label: 'pg', dataDir, env: { DATABASE_URL: database.url, SEED_DEMO: 'always', ...BENCH_LIMITS, ...BENCH_ADMIN }, timeoutMs: 15 * 60_000 });
      try {
        if (want('api')) {
          const section = { ...stamp(), connections: CONNECTIONS, durationSeconds: DURATION };
          section.results = await catalogPairs(server.url, 'PostgreSQL', server.pid);
          sections.apiPostgres = section;
          show(`Catalog reads, PostgreSQL, ${CONNECTIONS} connections, ${DURATION} s each`, pairColumns, pairRows(section.results));
        }
        if (want('checkout')) {
          const section = { ...stamp() };
          section.result = { database: 'PostgreSQL', ...(await checkoutRun(server.url, { serverPid: server.pid })) };
          sections.checkout = section;
          show('Checkout on PostgreSQL (add-cart ×2 then a cash order, in a loop per customer)', checkoutColumns, [withCpuText(withFailureText(section.result))]);
          // the same, each order to Aswan (its own fee, a cash fee) with a 10% code: the price of a cart's rules (issue 29)
          const priced = { ...stamp(), result: { database: 'PostgreSQL, Aswan + 10% code', ...(await checkoutRun(server.url, { serverPid: server.pid, priced: true })) } };
          priced.ratio = Math.round((priced.result.ordersPerSecond / section.result.ordersPerSecond) * 100) / 100;
          sections.checkoutPriced = priced;
          show(`Checkout with a governorate fee and a code: ${priced.ratio}x the orders/s of the plain run`, checkoutColumns, [withCpuText(withFailureText(priced.result))]);
        }
      } finally {
        await server.stop();
      }
      // The same checkout with other pool sizes (DB_POOL_MAX), one server after the other on the same database and
      // data directory (so the customers' tokens stay valid): the default pool size is chosen from this.
      if (want('checkout') && POOL_SIZES.length > 0) {
        const section = { ...stamp(), rows: [] };
        for (const size of POOL_SIZES) {
          const sized = await startServer({ label: `pool-${size}`, dataDir, env: { DATABASE_URL: database.url, SEED_DEMO: 'never', DB_POOL_MAX: String(size), ...BENCH_LIMITS, ...BENCH_ADMIN } });
          try {
            section.rows.push({ poolMax: size, ...(await checkoutRun(sized.url)) });
          } finally {
            await sized.stop();
          }
        }
        sections.checkoutPool = section;
        show('Checkout on PostgreSQL by pool size (DB_POOL_MAX)', poolColumns, section.rows.map(withFailureText));
      }
    }
    if (want('workers')) {
      const section = { ...stamp(), connections: CONNECTIONS, durationSeconds: DURATION };
      const seed = want('api') || want('checkout') ? 'never' : 'always';
      const one = await startServer({ label: 'workers-1', dataDir, env: { DATABASE_URL: database.url, SEED_DEMO: seed, WORKERS: '1' }, timeoutMs: 15 * 60_000 });
      try {
        const two = await startServer({ label: 'workers-2', dataDir, env: { DATABASE_URL: database.url, SEED_DEMO: 'never', WORKERS: '2' } });
        try {
          section.rows = await workersCompare(one.url, two.url);
        } finally {
          await two.stop();
        }
      } finally {
        await one.stop();
      }
      sections.workers = section;
      show(`Catalog reads on PostgreSQL with WORKERS=1 and WORKERS=2 side by side (${os.cpus().length} cores, autocannon on the same machine)`, workersColumns, section.rows);
    }
  } finally {
    removeDir(dataDir);
    await dropDatabase(database.name);
  }
}

async function main() {
  const began = Date.now();
  log(`load average at start: ${load()}`);
  if (args.build) build();
  setServerDefaults({ WEB_DIST: webDist });
  if (want('weight')) {
    sections.weight = { ...stamp(), ...measureWeight(webDist) };
    show('Storefront weight: JS and CSS loaded first (gzip level 9; brotli quality 11)', weightColumns, sections.weight.pages);
  }
  if (want('startup') || want('lighthouse') || want('pages') || want('api') || want('checkout')) await measureEmbedded();
  if (want('api') || want('checkout') || want('workers')) await measurePostgres();
  const merged = saveResults('bench', sections, renderBenchMarkdown);
  const summary = renderTargets(targets(merged));
  console.log(`\nTargets\n${summary.text}`);
  if (webDist !== at('apps/web/dist')) removeDir(webDist);
  log(`done in ${Math.round((Date.now() - began) / 1000)} s; results in bench/results/bench.json and bench/results/bench.md`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
