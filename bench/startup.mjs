// The embedded default: from starting the server on a fresh data directory to the first answered page (GET / 200),
// the same on a second start (already seeded), and the process's peak memory (VmHWM).
import { round } from './lib/common.mjs';
import { startServer } from './lib/server.mjs';

export async function firstStart(dataDir) {
  const server = await startServer({ label: 'first-start', dataDir, readyPath: '/', pollMs: 20, timeoutMs: 15 * 60_000 });
  const memory = server.memory();
  await server.stop();
  return { start: 'first (fresh data dir: the build\'s demo database unpacked, pictures copied)', firstPageMs: round(server.readyMs, 0), peakMB: round(memory.peakMB, 0), rssMB: round(memory.rssMB, 0) };
}

/** The second start stays up: the caller measures Lighthouse and the API on it, then reads its peak memory again. */
export async function secondStart(dataDir) {
  const server = await startServer({ label: 'second-start', dataDir, readyPath: '/', pollMs: 20, timeoutMs: 5 * 60_000 });
  const memory = server.memory();
  return { server, row: { start: 'second (already seeded)', firstPageMs: round(server.readyMs, 0), peakMB: round(memory.peakMB, 0), rssMB: round(memory.rssMB, 0) } };
}

export const startupColumns = [
  { key: 'start', title: 'start', align: 'left' },
  { key: 'firstPageMs', title: 'to first page ms' },
  { key: 'peakMB', title: 'peak memory MB (VmHWM)' },
  { key: 'rssMB', title: 'RSS MB then' },
];
