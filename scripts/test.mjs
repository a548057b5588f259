// `npm test`: every test CI runs: types and lint, unit tests, API tests on the embedded database and (when
// DATABASE_URL is set) on PostgreSQL, then the browser journeys on the production build.
//
// The first three groups share nothing (each API run has its own database and temporary folder; nothing they read
// is built by another), so they run side by side on the machine's cores, each one's output printed whole when it
// ends. The build and the journeys come after them: the API tests must not see a storefront appear half-way.
import { spawn } from 'node:child_process';
import { findChromium } from '../e2e/chromium.mjs';

/** A step: a name and a command; a group is steps run one after another. */
const step = (name, command, args, env = {}) => ({ name, command, args, env });

const together = [
  [
    step('typecheck and lint', 'npm', ['run', 'lint']),
    step('unit tests (shop-core, web, lint boundaries)', 'npx', ['vitest', 'run', '--project', 'shop-core', '--project', 'web', '--project', 'lint']),
  ],
  [step('API tests on the embedded PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DB: 'embedded' })],
];
if (process.env.DATABASE_URL) {
  // on both: the files whose subject is not the database run on one of them (vitest.config.ts says which)
  together[1][0].env.API_TESTS_ON_BOTH = '1';
  together.push([step('API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DB: 'postgres', API_TESTS_ON_BOTH: '1' })]);
} else {
  console.log('DATABASE_URL is not set: the API tests run on the embedded database only.');
}
const journeys = process.env.SKIP_E2E === '1' ? [] : [step('production build (when the sources are newer)', 'node', ['scripts/build-if-stale.mjs']), step('e2e journeys in Chromium', 'npm', ['test', '-w', 'e2e'])];

const results = [];

/** Runs one step; with `quiet`, its output is kept and printed in one piece when it ends. */
function run({ name, command, args, env }, quiet) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, FORCE_COLOR: '0', ...env } });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (quiet) process.stdout.write(`\n=== ${name} (${seconds} s)\n${Buffer.concat(output).toString()}`);
      results.push({ name, ok: status === 0, seconds });
      resolve(status === 0);
    });
  });
}

async function runGroup(group, quiet) {
  for (const one of group) {
    if (!quiet) console.log(`\n=== ${one.name}`);
    if (!(await run(one, quiet))) return false;
  }
  return true;
}

let ok = (await Promise.all(together.map((group) => runGroup(group, true)))).every(Boolean);

if (ok && journeys.length > 0) {
  // Say what is missing in one line instead of failing deep inside Playwright.
  const browser = await findChromium();
  if ('missing' in browser) {
    console.log(browser.missing);
    results.push({ name: journeys.at(-1).name, ok: false, seconds: 0 });
    ok = false;
  } else {
    console.log(`\nbrowser: ${browser.executablePath}`);
    ok = await runGroup(journeys, false);
  }
}

const expected = together.flat().length + journeys.length;
console.log('\n=== summary');
for (const { name, ok: passed, seconds } of results) console.log(`${passed ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
const failed = results.filter((result) => !result.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(ok && failed === 0 && results.length === expected ? 0 : 1);
