// Starts the production build of the shop (apps/api/dist/server.js) as a child process on loopback, and stops it.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { at, freePort, log, sleep } from './common.mjs';

export const serverScript = at('apps/api/dist/server.js');

let defaults = {};

/** Settings every server of this run gets (the bench's own storefront build). */
export function setServerDefaults(env) {
  defaults = env;
}

export function tempDataDir(label) {
  return mkdtempSync(path.join(os.tmpdir(), `shop-bench-${label}-`));
}

export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** Peak resident memory (VmHWM) and current resident memory (VmRSS) of a process, in MB. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1]) / 1024;
    return { peakMB: field('VmHWM'), rssMB: field('VmRSS') };
  } catch {
    return { peakMB: NaN, rssMB: NaN };
  }
}

/**
 * The memory the embedded PostgreSQL of a data directory takes, in MB: the proportional set size (PSS: each shared
 * page divided among the processes that map it, so the sum is what they take together) of its postmaster (named in
 * its postmaster.pid) and the postmaster's children. Cheap enough to sample every 20 ms.
 */
export function postgresMemoryOf(dataDir) {
  let postmaster;
  try {
    postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0; // not started yet (initdb's own processes come and go before it)
  }
  let kB = 0;
  for (const pid of [postmaster, ...childrenOf(postmaster)]) {
    try {
      kB += Number(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+) kB/m)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kB / 1024;
}

/** The processes under pid (a cluster's workers). */
export function childrenOf(pid) {
  const found = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (children) found.push(...children.split(/\s+/).map(Number));
    }
  } catch {
    // the process is gone
  }
  return found;
}

/**
 * Starts the server and resolves once `readyPath` answers `readyStatus`. The server's output goes to a log file in
 * the data directory, so request logging costs what it costs in production but never fills the terminal. `script`:
 * another build of the server, for a paired run of two builds.
 */
export async function startServer({ label, dataDir, env = {}, readyPath = '/api/health', timeoutMs = 180_000, pollMs = 25, script = serverScript }) {
  const port = await freePort();
  const logFile = path.join(dataDir, `server-${label}.log`);
  const out = openSync(logFile, 'a');
  const startedAt = performance.now();
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/profiles' profiles every server the bench starts
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: at('.'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // the uncached runs send `Cache-Control: no-cache`, which only a server started with this honours
      CATALOG_CACHE_BYPASS: '1',
      ...defaults,
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  // the embedded PostgreSQL's memory, sampled (20 ms while starting, 250 ms after): its peak beside the shop's own
  let postgresPeakMB = 0;
  const embedded = !env.DATABASE_URL;
  const sample = () => (postgresPeakMB = Math.max(postgresPeakMB, postgresMemoryOf(dataDir)));
  let sampler = embedded ? setInterval(sample, 20) : null;
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
    clearInterval(sampler);
  });
  const url = `http://127.0.0.1:${port}`;
  let readyMs = null;
  while (performance.now() - startedAt < timeoutMs) {
    if (exited) break;
    try {
      const response = await fetch(url + readyPath, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) {
        readyMs = performance.now() - startedAt;
        break;
      }
    } catch {
      // not listening yet
    }
    await sleep(pollMs);
  }
  if (readyMs === null) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    child.kill('SIGKILL');
    throw new Error(`server ${label} did not answer ${readyPath} (${exited ? `exited ${JSON.stringify(exited)}` : 'timed out'}):\n${tail}`);
  }
  log(`server ${label} ready on ${url} in ${Math.round(readyMs)} ms (pid ${child.pid})`);
  if (sampler) {
    sample();
    clearInterval(sampler);
    sampler = setInterval(sample, 250);
  }
  return {
    url,
    port,
    pid: child.pid,
    readyMs,
    logFile,
    /** The shop's peak (VmHWM) plus its embedded PostgreSQL's peak (PSS, sampled): an upper bound of their peak together. */
    memory: () => {
      const shop = memoryOf(child.pid);
      if (!embedded) return shop;
      sample();
      return { peakMB: shop.peakMB + postgresPeakMB, rssMB: shop.rssMB + postgresMemoryOf(dataDir), shopPeakMB: shop.peakMB, postgresPeakMB };
    },
    workers: () => childrenOf(child.pid),
    async stop() {
      if (exited) return exited;
      const done = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await done;
      clearTimeout(timer);
      return result;
    },
  };
}
