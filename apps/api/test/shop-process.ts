// A whole shop as a child process, from its sources as `npm run dev` runs it: for tests of what a start, a stop or a
// kill does (the embedded PostgreSQL, the data directory, backups), seen the way a shell would see them.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './helpers.ts';

const root = path.resolve(import.meta.dirname, '../../..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const SHOP_JWT_SECRET = 'shop-process-test-secret-long-enough-000000';

export interface ShopProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, and the exit it led to */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `apps/api/src/server.ts` on a free port and waits until /api/ready answers 200. */
export async function startShop(env: Record<string, string>, { waitMs = 90_000, port: given }: { waitMs?: number; port?: number } = {}): Promise<ShopProcess> {
  // a given port: the shop's address is known before it starts (a PUBLIC_URL), or kept across a restart
  const port = given ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: SHOP_JWT_SECRET,
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: '0',
      DATABASE_URL: '',
      LOGIN_RATE_LIMIT: '100000',
      REGISTER_RATE_LIMIT: '100000',
      // the tests' customers place orders in loops
      ORDER_RATE_LIMIT: '100000',
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve((exit = { code, signal }))),
  );
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + waitMs;
  while (!exit && Date.now() < until) {
    if (await fetch(`${url}/api/ready`).then((r) => r.ok, () => false)) break;
    await sleep(100);
  }
  if (exit || Date.now() >= until) {
    if (!exit) child.kill('SIGKILL');
    throw new Error(`the shop did not start: ${output}`);
  }
  return {
    child,
    url,
    output: () => output,
    exited,
    stop: async () => {
      if (!exit) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Every folder and file under `dir` whose mode lets anyone but its owner in, with that mode (`except`: left out). */
export function openToOthers(dir: string, except: string[] = []): string[] {
  const open: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (except.includes(full)) continue;
      const mode = statSync(full).mode & 0o777;
      if (mode & 0o077) open.push(`${path.relative(dir, full)} ${mode.toString(8)}`);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return open;
}

/** The PostgreSQL processes serving `cluster` (their working directory is it), from /proc. */
export function serverProcesses(cluster: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === cluster && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('postgres')) found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Waits until no PostgreSQL process serves `cluster`; answers those still there after `ms`. */
export async function serversGone(cluster: string, ms: number): Promise<number[]> {
  const until = Date.now() + ms;
  let left = serverProcesses(cluster);
  while (left.length > 0 && Date.now() < until) {
    await sleep(100);
    left = serverProcesses(cluster);
  }
  return left;
}

export async function call<T = Record<string, unknown>>(
  url: string,
  method: string,
  pathname: string,
  { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(url + pathname, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed as T };
}
