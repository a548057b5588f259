// `npm test`: every test CI runs, in order: types and lint, unit tests, API tests on the embedded database,
// again on PostgreSQL when DATABASE_URL is set, then the browser journeys on the production build.
import { spawnSync } from 'node:child_process';
import { findChromium } from '../e2e/chromium.mjs';

const steps = [
  ['typecheck and lint', 'npm', ['run', 'lint']],
  ['unit tests (shop-core, web, lint boundaries)', 'npx', ['vitest', 'run', '--project', 'shop-core', '--project', 'web', '--project', 'lint']],
  ['API tests on embedded PGlite', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DB: 'pglite' }],
];
if (process.env.DATABASE_URL) {
  steps.push(['API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DB: 'postgres' }]);
} else {
  console.log('DATABASE_URL is not set: the API tests run on the embedded database only.');
}
const E2E = 'e2e journeys in Chromium';
if (process.env.SKIP_E2E !== '1') steps.push([E2E, 'npm', ['run', 'e2e']]);

const results = [];
for (const [name, command, args, env] of steps) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  if (name === E2E) {
    // Say what is missing in one line instead of failing deep inside Playwright.
    const browser = await findChromium();
    if ('missing' in browser) {
      console.log(browser.missing);
      results.push({ name, ok: false, seconds: 0 });
      break;
    }
    console.log(`browser: ${browser.executablePath}`);
  }
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  if (status !== 0) break;
}

console.log('\n=== summary');
for (const { name, ok, seconds } of results) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
const failed = results.filter((result) => !result.ok).length;
const passed = results.length - failed;
console.log(`steps: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length === steps.length ? 0 : 1);
