// The API tests' database: by default an embedded PostgreSQL of the run's own (the shop's default, started once for
// the whole run in the run's folder); with TEST_DB=postgres a database of their own on the server DATABASE_URL names,
// dropped afterwards. Every temporary directory the tests (and the servers they start) make lands in one folder of
// this run, removed afterwards.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
    /** which server the run's database is on */
    testDatabase: 'embedded' | 'postgres';
  }
}

export default async function setup(project: TestProject) {
  const runDir = mkdtempSync(path.join(tmpdir(), 'shop-api-tests-'));
  letEmbeddedServersIn(runDir);
  process.env.TMPDIR = runDir; // read by os.tmpdir() in the test workers, which start after this
  const removeRunDir = () => rmSync(runDir, { recursive: true, force: true });
  if (process.env.TEST_DB !== 'postgres') {
    const server = await startEmbeddedPostgres(path.join(runDir, 'embedded'));
    project.provide('testDatabaseUrl', server.url);
    project.provide('testDatabase', 'embedded');
    return async () => {
      await server.stop();
      removeRunDir();
    };
  }
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `shop_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  // the run's database commits without waiting for the disk (the shop's own durability is the embedded run's to test,
  // on its own server): the disk is what the runs waited on most
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  project.provide('testDatabaseUrl', url.toString());
  project.provide('testDatabase', 'postgres');

  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
    removeRunDir();
  };
}

/**
 * As root, the embedded PostgreSQL servers (the run's, and those of the shops the tests start in their own data
 * directories) run as the user postgres, who must pass through the run's folder (mkdtemp makes it 0700): it may enter,
 * by its group, but not list it.
 */
function letEmbeddedServersIn(runDir: string): void {
  if (process.getuid?.() !== 0) return;
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (gid.status !== 0) return; // the first embedded start makes the user, and says so if it cannot reach the folder
  chownSync(runDir, 0, Number(gid.stdout.trim()));
  chmodSync(runDir, 0o710);
}
