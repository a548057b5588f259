// Benchmark databases on the local PostgreSQL: each run makes its own and drops it afterwards.
import pg from 'pg';

export const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const ADMIN_DB = process.env.BENCH_PG_ADMIN_DB ?? 'test';

async function withAdmin(run) {
  const client = new pg.Client({ connectionString: `${PG_BASE}/${ADMIN_DB}` });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(prefix = 'bench') {
  const name = `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  return { name, url: `${PG_BASE}/${name}` };
}

export async function dropDatabase(name) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
}

export function connect(url) {
  const client = new pg.Client({ connectionString: url });
  return client.connect().then(() => client);
}
