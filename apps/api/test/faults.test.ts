// Faults a real shop meets (issue 12): database connections cut under load, a second process on the embedded data
// directory, a start on a directory that cannot be written or a disk that is full, a database that is not there.
// The servers run as child processes, so "the process stays up" and "the start refuses" are what a shell would see.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@shop/core/messages';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { products } from '../src/db/schema.ts';
import { createProduct, createUser, freePort, getTestContext, newOrderBody, testConfig } from './helpers.ts';

const databaseUrl = inject('testDatabaseUrl');
const root = path.resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const JWT_SECRET = 'faults-test-secret-that-is-long-enough-0000';

/** The shop's server from its sources, as `npm run dev` runs it. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    // the embedded database unless the test names one (the suite's own DATABASE_URL is in process.env on PostgreSQL)
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', JWT_SECRET, SEED_DEMO: 'never', LOG_LEVEL: 'fatal', DATABASE_URL: '', ...env },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stderr: () => stderr };
}

/** The lines a person reads: Node's own deprecation warnings left out. */
function sentences(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() && !line.startsWith('(node:') && !line.startsWith('(Use `node'));
}

async function refusedStart(env: Record<string, string>) {
  const server = startServer({ PORT: String(await freePort()), ...env });
  const timeout = setTimeout(() => server.child.kill('SIGKILL'), 60_000);
  const exit = await server.exited;
  clearTimeout(timeout);
  return { exit, lines: sentences(server.stderr()) };
}

function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

/** Ends every connection the given application holds, as a failover or a proxy restart does. */
async function cutConnections(applicationName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ cut: boolean }>(
      'select pg_terminate_backend(pid) as cut from pg_stat_activity where application_name = $1',
      [applicationName],
    );
    return rows.filter((row) => row.cut).length;
  } finally {
    await admin.end();
  }
}

describe.runIf(databaseUrl)('database connections cut under load (PostgreSQL)', () => {
  const applicationName = `shop-faults-${process.pid}-${Date.now().toString(36)}`;
  let server: ReturnType<typeof startServer>;
  let url: string;
  let exitedEarly: { code: number | null; signal: NodeJS.Signals | null } | null = null;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const { config } = await getTestContext(); // the shoppers' tokens are signed with its secret
    server = startServer({
      PORT: String(port),
      DATABASE_URL: withApplicationName(databaseUrl!, applicationName),
      JWT_SECRET: config.jwtSecret,
      SHUTDOWN_GRACE_MS: '0',
    });
    void server.exited.then((exit) => (exitedEarly ??= exit));
    for (let i = 0; i < 300 && !(await fetch(`${url}/api/ready`).then((r) => r.ok, () => false)); i++) await sleep(200);
  }, 90_000);

  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('stays up, answers 503 with the shop\'s sentence while cut, recovers within seconds and still stops on SIGTERM', async () => {
    const product = await createProduct({ price: 200 });
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    const latecomer = await createUser(); // an empty cart after the cuts (a cut can leave a loader's cart with two)
    const statuses: Record<number, number> = {};
    const unavailableMessages = new Set<string>();
    let running = true;
    let round = 0;
    const call = async (method: string, pathname: string, auth: Record<string, string>, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(url + pathname, {
        method,
        headers: { ...auth, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = (await response.json().catch(() => null)) as { message?: string } | null;
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status >= 500) unavailableMessages.add(`${response.status} ${answer?.message}`);
      return response.status;
    };
    // each shopper fills the cart and places an order (a transaction), over and over
    const cycle = async (shopper: (typeof shoppers)[number]) => {
      const n = ++round;
      await call('POST', '/api/cart/add-cart', shopper.auth, { product: product._id, quantaty: 1 });
      const placed = await call('POST', '/api/orders/new-order', shopper.auth, newOrderBody([{ product, quantity: 1 }]), {
        'idempotency-key': `faults-${shopper.user._id}-${n}`,
      });
      await call('GET', '/api/cart', shopper.auth);
      return placed;
    };
    const load = shoppers.map(async (shopper) => {
      while (running) await cycle(shopper);
    });

    await sleep(500);
    let cut = 0;
    for (let i = 0; i < 6; i++) {
      cut += await cutConnections(applicationName);
      await sleep(400);
    }
    running = false;
    await Promise.all(load);

    // recovery: without a restart, an order goes through again
    const recoveredFrom = Date.now();
    let recovered = false;
    while (!recovered && Date.now() - recoveredFrom < 10_000) {
      const ready = await fetch(`${url}/api/ready`).then((r) => r.status, () => 0);
      recovered = ready === 200 && (await cycle(latecomer)) === 201;
      if (!recovered) await sleep(200);
    }

    expect(cut).toBeGreaterThan(6);
    expect(exitedEarly).toBeNull();
    expect(server.stderr()).not.toMatch(/Unhandled|uncaught/i);
    expect(statuses[500] ?? 0).toBe(0);
    expect(statuses[503] ?? 0).toBeGreaterThan(0);
    expect([...unavailableMessages]).toEqual([`503 ${MESSAGES.unavailable}`]);
    expect(statuses[201] ?? 0).toBeGreaterThan(0);
    expect(recovered).toBe(true);
    expect(Date.now() - recoveredFrom).toBeLessThan(5000);

    server.child.kill('SIGTERM');
    const stopped = await Promise.race([server.exited, sleep(20_000).then(() => 'still running' as const)]);
    expect(stopped).toEqual({ code: 0, signal: null });
  }, 120_000);
});

describe.runIf(databaseUrl)('the catalog cache while its LISTEN connection reconnects (PostgreSQL)', () => {
  const applicationName = `shop-listen-${process.pid}-${Date.now().toString(36)}`;
  let database: Database;
  let app: App;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: withApplicationName(databaseUrl!, applicationName) });
    app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('keeps serving what it has while the connection is down, and drops it once when it listens again', async () => {
    const product = await createProduct({ price: 400 });
    const price = async () => (await app.inject({ method: 'GET', url: `/api/products/${product._id}` })).json<{ price: number }>().price;
    await sleep(1000); // the NOTIFY of the product's creation has arrived: the next read is cached
    expect(await price()).toBe(400);
    // a change this process cannot hear about: written behind its back, with no NOTIFY
    const { app: other } = await getTestContext();
    await other.db.update(products).set({ pricePiastres: 50_000 }).where(eq(products.id, product._id));
    expect(await price()).toBe(400);

    expect(await cutConnections(applicationName)).toBeGreaterThan(0);
    await sleep(300);
    expect(await price()).toBe(400); // the cut did not empty the cache

    const from = Date.now();
    while ((await price()) !== 500 && Date.now() - from < 8000) await sleep(100);
    expect(await price()).toBe(500); // listening again, it dropped what it may have missed
  }, 30_000);
});

describe('the embedded data directory', () => {
  it('is refused to a second server while a first process holds it, with one sentence naming the directory and the pid', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-lock-'));
    const first = await openDatabase({ dataDir });
    try {
      const { exit, lines } = await refusedStart({ DATA_DIR: dataDir });
      const sentence = `The data directory ${path.join(dataDir, 'postgres')} is in use by another process (pid ${process.pid}): stop that process or point DATA_DIR at another directory.`;
      expect(exit.code).toBe(1);
      expect(lines).toEqual([sentence]);
      await expect(openDatabase({ dataDir })).rejects.toThrow(sentence);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dataDir, 'postgres.lock'))).toBe(false);
  }, 90_000);

  it('takes over a lock left by a process that was killed', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-lock-'));
    const killed = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    const gone = new Promise((resolve) => killed.once('exit', resolve));
    writeFileSync(path.join(dataDir, 'postgres.lock'), `${killed.pid}\n`);
    killed.kill('SIGKILL');
    await gone;
    const database = await openDatabase({ dataDir });
    expect(readFileSync(path.join(dataDir, 'postgres.lock'), 'utf8').trim()).toBe(String(process.pid));
    await database.close();
    expect(existsSync(path.join(dataDir, 'postgres.lock'))).toBe(false);
  }, 60_000);

  // A real full disk needs a small file system of its own (mount, which tests cannot do): statfs is stood in for.
  // What this proves: the start checks the free space before PostgreSQL runs, says so in words, and lets the lock go.
  it('does not open on a full disk and says so', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-full-'));
    await expect(openDatabase({ dataDir, diskSpace: () => ({ availableBytes: 1024 * 1024 }) })).rejects.toThrow(
      `No space left on device for the data directory ${dataDir}: 1 MB free, the embedded database needs at least 64 MB; free some space and start again.`,
    );
    expect(existsSync(path.join(dataDir, 'postgres.lock'))).toBe(false);
  });

  // The tests run as root, whom chmod does not stop; sysfs refuses new files even to root, so a directory under
  // /sys/kernel is one the kernel will not let the shop write. What this proves: the whole start path (config,
  // data directory, database) ends with one sentence instead of an engine abort or a stack trace.
  it.runIf(process.platform === 'linux' && existsSync('/sys/kernel'))('refuses a data directory it cannot write, in one sentence', async () => {
    const dataDir = `/sys/kernel/shop-${process.pid}`;
    const { exit, lines } = await refusedStart({ DATA_DIR: dataDir });
    expect(exit.code).toBe(1);
    expect(lines).toEqual([`The data directory ${dataDir} is not writable: permission denied (EPERM).`]);
  }, 60_000);

  it('refuses a data directory whose path runs through a file', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'shop-file-')), 'not-a-directory');
    writeFileSync(file, '');
    const { exit, lines } = await refusedStart({ DATA_DIR: path.join(file, 'data') });
    expect(exit.code).toBe(1);
    expect(lines).toEqual([`The data directory ${path.join(file, 'data')} cannot be created: part of its path is a file, not a directory.`]);
  }, 60_000);
});

describe('a start without its database', () => {
  it('says the database is unreachable', async () => {
    const port = await freePort(); // nothing listens there
    const { exit, lines } = await refusedStart({ DATABASE_URL: `postgres://shop@127.0.0.1:${port}/shop`, LOG_LEVEL: 'silent' });
    expect(exit.code).toBe(1);
    expect(lines).toEqual([`The database at 127.0.0.1:${port} is unreachable (ECONNREFUSED): check DATABASE_URL and that PostgreSQL is running.`]);
  }, 60_000);
});
