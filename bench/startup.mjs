// The embedded default: from starting the server on a fresh data directory to the first answered page (GET / 200),
// the same on a second start (already seeded), and the peak memory of the shop's process (VmHWM) and of its
// embedded PostgreSQL's processes (PSS, sampled every 20 ms while starting) added up.
import { round } from './lib/common.mjs';
import { startServer } from './lib/server.mjs';

export async function firstStart(dataDir) {
  const server = await startServer({ label: 'first-start', dataDir, readyPath: '/', pollMs: 20, timeoutMs: 15 * 60_000 });
  const memory = server.memory();
  await server.stop();
  return { start: 'first (fresh data dir: initdb, migrations, demo seed with its pictures)', ...figures(server, memory) };
}

/** The second start stays up: the caller measures Lighthouse and the API on it, then reads its peak memory again. */
export async function secondStart(dataDir, env = {}) {
  const server = await startServer({ label: 'second-start', dataDir, env, readyPath: '/', pollMs: 20, timeoutMs: 5 * 60_000 });
  const memory = server.memory();
  return { server, row: { start: 'second (already seeded)', ...figures(server, memory) } };
}

export function figures(server, memory) {
  return {
    firstPageMs: server ? round(server.readyMs, 0) : null,
    peakMB: round(memory.peakMB, 0),
    shopPeakMB: round(memory.shopPeakMB, 0),
    postgresPeakMB: round(memory.postgresPeakMB, 0),
    rssMB: round(memory.rssMB, 0),
  };
}

export const startupColumns = [
  { key: 'start', title: 'start', align: 'left' },
  { key: 'firstPageMs', title: 'to first page ms' },
  { key: 'peakMB', title: 'peak memory MB, shop + PostgreSQL' },
  { key: 'shopPeakMB', title: 'shop process peak MB (VmHWM)' },
  { key: 'postgresPeakMB', title: 'PostgreSQL processes peak MB (PSS)' },
  { key: 'rssMB', title: 'memory MB then' },
];
