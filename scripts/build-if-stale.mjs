// Builds the storefront and the API when their sources are newer than the build (or there is none): `npm start` and
// `npm test` (before the browser journeys) both call it, so a build that is up to date is not made again.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newest(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let time = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    time = Math.max(time, newest(path.join(target, entry.name)));
  }
  return time;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newest(at(source)) > built);
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

const WEB_SOURCES = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shop-core/src'];
const API_SOURCES = ['apps/api/src', 'apps/api/build.mjs', 'packages/shop-core/src'];

/** Builds what is missing or out of date; false when a build failed. */
export function buildIfStale() {
  if (stale(at('apps/web/dist/index.html'), WEB_SOURCES) && !run(['run', 'build', '-w', 'apps/web'])) return false;
  if (stale(at('apps/api/dist/server.js'), API_SOURCES) && !run(['run', 'build', '-w', 'apps/api'])) return false;
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(buildIfStale() ? 0 : 1);
