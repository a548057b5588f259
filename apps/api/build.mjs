// Bundles the API into dist/server.js. Packages stay in node_modules; the shared shop-core sources are bundled in.
import { cp, readFile, rm } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@shop/'));

await rm(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/db/migrate-cli.ts', 'src/db/seed-cli.ts', 'src/db/snapshot-cli.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  absWorkingDir: new URL('.', import.meta.url).pathname,
  logLevel: 'warning',
});
await cp(new URL('./src/db/migrations', import.meta.url), new URL('./dist/migrations', import.meta.url), { recursive: true });
// The embedded demo database a fresh data directory starts from (src/db/snapshot.ts, docs/decisions/016).
const snapshot = spawnSync(process.execPath, ['dist/snapshot-cli.js', 'dist/pglite-demo.tar.gz'], { cwd: new URL('.', import.meta.url).pathname, stdio: 'inherit' });
if (snapshot.status !== 0) throw new Error('making the embedded demo database failed');
console.log('api built: apps/api/dist/server.js');
