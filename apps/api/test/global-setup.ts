// With TEST_DB=postgres the API tests get a database of their own on the server DATABASE_URL names,
// dropped afterwards; otherwise they use an in-memory PGlite. Every temporary directory the tests (and the servers
// they start) make lands in one folder of this run, removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  const runDir = mkdtempSync(path.join(tmpdir(), 'shop-api-tests-'));
  process.env.TMPDIR = runDir; // read by os.tmpdir() in the test workers, which start after this
  const removeRunDir = () => rmSync(runDir, { recursive: true, force: true });
  if (process.env.TEST_DB !== 'postgres') {
    project.provide('testDatabaseUrl', undefined);
    return removeRunDir;
  }
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `shop_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  project.provide('testDatabaseUrl', url.toString());

  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
    removeRunDir();
  };
}
