// `npm start`: build what is missing or out of date, then serve the shop (API and storefront on one port).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const at = (...parts) => path.join(root, ...parts);

function newest(dir) {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
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
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale(at('apps/web/dist/index.html'), ['apps/web/src', 'apps/web/public', 'packages/shop-core/src'].filter((dir) => existsSync(at(dir))))) {
  run(['run', 'build', '-w', 'apps/web']);
}
if (stale(at('apps/api/dist/server.js'), ['apps/api/src', 'packages/shop-core/src'])) {
  run(['run', 'build', '-w', 'apps/api']);
}

const server = spawn(process.execPath, ['--enable-source-maps', at('apps/api/dist/server.js')], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
