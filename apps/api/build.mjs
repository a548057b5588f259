// Bundles the API into dist/server.js (and the command-line tools beside it), its packages included: one file loads
// in a fraction of the time Node takes to resolve and read the hundreds of files of fastify, zod, drizzle, pg and the
// rest (decision 049). Left out, loaded from node_modules: native addons, files a package reads from its own folder,
// and what only some shops load (S3, Stripe, Redis, SMTP, the PGlite of a data directory to move).
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const fromNodeModules = [
  // native addons
  'argon2',
  'sharp',
  // loaded only when configured (import() in the code)
  '@aws-sdk/client-s3',
  '@electric-sql/pglite',
  'ioredis',
  'nodemailer',
  'stripe',
  // pino starts its transports' workers from its own files
  'pino',
  // PostgreSQL's binaries, found through their packages
  ...Object.keys(pkg.optionalDependencies ?? {}),
  // optional peers that packages look for and do without: pg's native driver, graphile-config's TypeScript loader
  'pg-native',
  'typescript',
];

await rm(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/scripts/migrate-cli.ts', 'src/scripts/seed-cli.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // the map of the shop's own code and the packages' without their sources: `npm start` reads it at start
  sourcemap: true,
  sourcesContent: false,
  external: [...fromNodeModules, ...fromNodeModules.map((name) => `${name}/*`)],
  // the packages written as CommonJS ask for `require`, `__filename` and `__dirname`, which an ES module has not
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      'const require = __createRequire(import.meta.url);',
      'const __filename = __fileURLToPath(import.meta.url);',
      "const __dirname = __fileURLToPath(new URL('.', import.meta.url));",
    ].join(' '),
  },
  absWorkingDir: new URL('.', import.meta.url).pathname,
  logLevel: 'warning',
});
await cp(new URL('./src/db/migrations', import.meta.url), new URL('./dist/migrations', import.meta.url), { recursive: true });
console.log('api built: apps/api/dist/server.js');
