// `npm test`: every test CI runs: types and lint, unit tests, the API tests on the embedded database (the shop's
// default) and, when DATABASE_URL is set, the few whose subject differs on a server of one's own (vitest.config.ts
// says which), and the browser journeys on the production build.
//
// The production build comes first, when the sources are newer than it: the API tests must not see a storefront
// appear half-way. Then the groups share nothing (each API run and the journeys have their own databases and
// temporary folders), so they run side by side, each quiet one's output printed whole when it ends. The API runs
// mostly wait (on PostgreSQL, on the processes they start): the journeys start as soon as types, lint and unit tests
// are done, beside them, rather than after them (measured: the machine was half idle with them after).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from '../e2e/chromium.mjs';

// Each test runner also writes its results as JSON here, for the digest of what failed printed last: CI keeps only the
// end of a run's output, and a runner prints its failures well before its last line.
const reports = mkdtempSync(path.join(tmpdir(), 'shop-test-reports-'));
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.json`)}`];

/** A step: a name and a command; a group is steps run one after another. */
const step = (name, command, args, env = {}) => ({ name, command, args, env });

const together = [
  [
    step('typecheck and lint', 'npm', ['run', 'lint']),
    step('unit tests (shop-core, web, lint boundaries)', 'npx', ['vitest', 'run', '--project', 'shop-core', '--project', 'web', '--project', 'lint', ...vitestJson('unit')]),
  ],
  [step('API tests on the embedded PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api', ...vitestJson('api-embedded')], { TEST_DB: 'embedded' })],
];
if (process.env.DATABASE_URL) {
  // connections cut, several processes, backups and restores: what differs on a server of one's own
  together.push([step('API tests on your PostgreSQL (connections, processes, backups)', 'npx', ['vitest', 'run', '--project', 'api', ...vitestJson('api-postgres')], { TEST_DB: 'postgres', API_TESTS_ON_BOTH: '1' })]);
} else {
  console.log('DATABASE_URL is not set: the API tests run on the embedded database only.');
}
const e2e = process.env.SKIP_E2E !== '1';
const build = step('production build (when the sources are newer)', 'node', ['scripts/build-if-stale.mjs']);
// read by e2e/playwright.config.ts
const journeys = step('e2e journeys in Chromium', 'npm', ['test', '-w', 'e2e'], { E2E_JSON_REPORT: path.join(reports, 'e2e.json') });

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

/** The journeys, once the browser is found; false (and a failed step) when it is missing. */
async function runJourneys() {
  // Say what is missing in one line instead of failing deep inside Playwright.
  const browser = await findChromium();
  if ('missing' in browser) {
    console.log(browser.missing);
    results.push({ name: journeys.name, ok: false, seconds: 0 });
    return false;
  }
  console.log(`\nbrowser: ${browser.executablePath}`);
  return run(journeys, false);
}

let ok = !e2e || (await runGroup([build], false));
if (ok) {
  const [checks, ...apiRuns] = together;
  const checked = runGroup(checks, true);
  const rest = apiRuns.map((group) => runGroup(group, true));
  // the journeys after the checks (which use both cores), beside the API runs
  const browsed = e2e ? checked.then((passed) => passed && runJourneys()) : Promise.resolve(true);
  ok = (await Promise.all([checked, browsed, ...rest])).every(Boolean);
}

const expected = together.flat().length + (e2e ? 2 : 0);
console.log('\n=== summary');
for (const { name, ok: passed, seconds } of results) console.log(`${passed ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
const failed = results.filter((result) => !result.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
const failures = failedTests();
if (failures.length > 0) console.log(`\n=== what failed (the first ${Math.min(failures.length, 12)} of ${failures.length})\n${failures.slice(0, 12).join('\n')}`);
rmSync(reports, { recursive: true, force: true });
process.exit(ok && failed === 0 && results.length === expected ? 0 : 1);

/** Each failed test in a line, with the first line of its error, from the runners' JSON reports. */
function failedTests() {
  const read = (name) => {
    try {
      return JSON.parse(readFileSync(path.join(reports, name), 'utf8'));
    } catch {
      return undefined;
    }
  };
  // eslint-disable-next-line no-control-regex -- the terminal's colour codes in an error message
  const firstLine = (message = '') => message.replace(/\u001b\[[0-9;]*m/g, '').trim().split('\n')[0].slice(0, 240);
  const lines = [];
  for (const name of ['unit', 'api-embedded', 'api-postgres']) {
    for (const file of read(`${name}.json`)?.testResults ?? []) {
      const where = path.relative(process.cwd(), file.name);
      if (file.status === 'failed' && file.assertionResults.length === 0) lines.push(`${name} ${where}: ${firstLine(file.message)}`);
      for (const test of file.assertionResults) {
        if (test.status === 'failed') lines.push(`${name} ${where} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
      }
    }
  }
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const last = test.results.at(-1);
        if (last && !['passed', 'skipped'].includes(last.status)) {
          lines.push(`e2e [${test.projectName}] ${spec.file} > ${spec.title}: ${last.status}, ${firstLine(last.error?.message)}`);
        }
      }
    }
    (suite.suites ?? []).forEach(visit);
  };
  (read('e2e.json')?.suites ?? []).forEach(visit);
  return lines;
}
