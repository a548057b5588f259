// Load on loopback with autocannon, and the paired bare node:http server that answers the same bytes.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchDir, log, round } from './common.mjs';
import { addCpu, cpuMeter } from './cpu.mjs';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);

/**
 * One autocannon run. With `bust`, each request asks `Cache-Control: no-cache` (and carries a unique `_=` parameter for
 * any cache in between), so no answer comes from the server's catalog cache: that shows the database path. (The `_=`
 * parameter alone is not enough: the routes' validators strip it, so the catalog cache answered the "uncached" listings.)
 */
export async function hammer(baseUrl, urlPath, { duration = DURATION, connections = CONNECTIONS, bust = false, headers, serverPid } = {}) {
  let counter = 0;
  const separator = urlPath.includes('?') ? '&' : '?';
  const options = {
    url: baseUrl,
    connections,
    duration,
    headers: bust ? { ...headers, 'cache-control': 'no-cache' } : headers,
    requests: [
      {
        method: 'GET',
        path: urlPath,
        ...(bust ? { setupRequest: (request) => ({ ...request, path: `${urlPath}${separator}_=${++counter}` }) } : {}),
      },
    ],
  };
  // with the server's pid, what the run cost each process (lib/cpu.mjs)
  const meter = serverPid ? cpuMeter(serverPid) : null;
  const result = await autocannon(options);
  const cpu = meter?.();
  return {
    ...(cpu ? { cpu } : {}),
    rps: round(result.requests.average, 0),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Warm up, then measure. */
export async function measure(baseUrl, urlPath, options = {}) {
  if (WARMUP > 0) await hammer(baseUrl, urlPath, { ...options, duration: WARMUP });
  return hammer(baseUrl, urlPath, options);
}

/** Captures the real answer once (body bytes and content type). */
export async function capture(baseUrl, urlPath) {
  const response = await fetch(baseUrl + urlPath);
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${urlPath} answered ${response.status}: ${body.toString('utf8').slice(0, 200)}`);
  return { body, contentType: response.headers.get('content-type') ?? 'application/json', etag: response.headers.get('etag'), total: response.headers.get('x-total-count') };
}

/** A bare node:http server in its own process answering `body` with `contentType`. */
export async function startBareServer(body, contentType) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-bare-'));
  const file = path.join(dir, 'body');
  writeFileSync(file, body);
  return forkServer(path.join(benchDir, 'lib/bare-server.mjs'), [file, contentType], dir);
}

/**
 * A yardstick server as a process of its own (so its CPU is not the bench's): `script` listens on a free port and
 * sends it over IPC. stop() ends it and removes `dir`, the files it served.
 */
export async function forkServer(script, args, dir) {
  const child = fork(script, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`${path.basename(script)} exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await done;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** Several interleaved rounds of the same runs, so a burst of load from elsewhere on the machine hits all of them alike. */
export async function interleaved(runs, { rounds = ROUNDS, duration = DURATION } = {}) {
  const slice = Math.max(1, Math.round(duration / rounds));
  for (const run of runs) if (WARMUP > 0) await hammer(run.url, run.path, { ...run.options, duration: WARMUP });
  const results = runs.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, run] of runs.entries()) results[i].push(await hammer(run.url, run.path, { ...run.options, duration: slice }));
  }
  return results.map(combine);
}

/** Rounds combined: req/s over all of them, p50 and p99 the median of the rounds' (a burst spoils one round, not all). */
function combine(rounds) {
  const seconds = rounds.length;
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    rps: round(rounds.reduce((sum, r) => sum + r.rps, 0) / seconds, 0),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    requests: rounds.reduce((sum, r) => sum + r.requests, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    rounds: rounds.map((r) => ({ rps: r.rps, p99: r.p99 })),
    ...(rounds[0].cpu ? { cpu: addCpu(rounds.map((r) => r.cpu)) } : {}),
  };
}

/**
 * The shop and the bare server answering the same bytes, in interleaved rounds of the same run: cached (the same URL
 * over and over, as a popular page is read), uncached (cache-busting parameter: the database path), and bare.
 */
export async function pairedRun(shopUrl, call, { uncached = true, serverPid } = {}) {
  const answer = await capture(shopUrl, call.path);
  log(`${call.name}: ${answer.body.length} bytes, measuring shop (cached${uncached ? ', uncached' : ''}) and bare server in ${ROUNDS} rounds`);
  const bare = await startBareServer(answer.body, answer.contentType);
  let cached, db, bareResult;
  try {
    const runs = [
      { url: shopUrl, path: call.path, options: { serverPid } },
      ...(uncached ? [{ url: shopUrl, path: call.path, options: { bust: true, serverPid } }] : []),
      { url: bare.url, path: call.path },
    ];
    const results = await interleaved(runs);
    cached = results[0];
    db = uncached ? results[1] : null;
    bareResult = results.at(-1);
  } finally {
    await bare.stop();
  }
  return {
    call: call.name,
    path: call.path,
    bytes: answer.body.length,
    cached,
    uncached: db,
    bare: bareResult,
    ratio: round(cached.rps / bareResult.rps, 2),
    uncachedRatio: db ? round(db.rps / bareResult.rps, 2) : null,
  };
}
