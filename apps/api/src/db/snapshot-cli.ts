// `node dist/snapshot-cli.js <file>`, run by build.mjs: the demo shop's embedded database, as a gzipped tarball.
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database, Db } from './client.ts';
import { runMigrations } from './migrate.ts';
import { seedDemo } from './seed.ts';
import { schema } from './schema.ts';
import { SNAPSHOT_FILE } from './snapshot.ts';

const file = process.argv[2] ?? SNAPSHOT_FILE;
const started = Date.now();
const client = await PGlite.create();
const db = drizzle(client, { schema }) as unknown as Db;
const database: Database = { db, kind: 'pglite', client, ping: async () => {}, close: () => client.close() };
await runMigrations(database);
await seedDemo(db, null);
await client.exec('vacuum analyze');
const tarball = await client.dumpDataDir('gzip');
writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
await client.close();
console.log(`embedded demo database: ${file} (${Math.round(tarball.size / 1024)} kB) in ${Date.now() - started} ms`);
