// The entry point: configuration, database, listen, and a graceful stop on SIGTERM.
// With WORKERS=n a primary opens the database (and starts the embedded PostgreSQL when DATABASE_URL is unset),
// prepares it once and forks n identical servers that share the port and that database; a worker that dies is
// replaced. The primary stops the embedded PostgreSQL after its workers have stopped.
import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { beginDemoSeedOf, prepareDatabase } from './bootstrap.ts';
import { scheduleBackups } from './backup-schedule.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { beginDatabase, openDatabase, type Database } from './db/client.ts';
import { closeToOthers } from './db/data-dir.ts';
import { startFailureMessage } from './db/errors.ts';
import { embeddedPaths } from './db/embedded.ts';
import { gatherWorkersMetrics } from './plugins/external/metrics-cluster.ts';

/** How a worker reaches the embedded PostgreSQL its primary started (a socket path and a password, never a port). */
const WORKER_DATABASE_URL: keyof NodeJS.ProcessEnv = 'SHOP_EMBEDDED_DATABASE_URL';

function open(config: Config, log: (message: string) => void, { poolMax = config.poolMax, early = false } = {}): Promise<Database> {
  return (early ? beginDatabase : openDatabase)({
    databaseUrl: config.databaseUrl ?? config.embeddedUrl,
    poolMax,
    statementTimeoutMs: config.statementTimeoutMs,
    lockTimeoutMs: config.lockTimeoutMs,
    dataDir: config.dataDir,
    // every worker's pool and its catalog listener, the primary's pool, and room for the command-line tools
    maxConnections: Math.max(100, config.workers * (config.poolMax + 1) + 20),
    log,
  });
}

/**
 * The embedded PostgreSQL is started again when it stops by itself (db/embedded.ts, supervise): it ends for good only
 * when it truly cannot run, failing every try with room on the disk. The shop has nothing to serve from: it says so
 * and ends.
 */
function stopWithServer(database: Database, config: Config, stopping: () => boolean, log: (message: string) => void) {
  void database.server?.exited.then(({ code, signal }) => {
    if (stopping()) return;
    log(`The embedded PostgreSQL stopped (${signal ?? `exit ${code}`}) and could not be started again; see ${embeddedPaths(config.dataDir).log}. The shop stops too.`);
    process.exit(1);
  });
}

async function serve(config: Config, prepare: boolean) {
  const notes: string[] = [];
  // what the database says before the app's log exists is kept for it; later (the embedded server stopped and
  // started again) it is logged as it comes
  let say = (message: string) => void notes.push(message);
  // the app is built while the embedded server starts (on a first start, while initdb runs)
  const database = await open(config, (message) => say(message), { early: prepare });
  // a database made by this start gets the demo shop: its pictures and passwords are made while initdb runs
  const demo = prepare ? beginDemoSeedOf(config, database) : undefined;
  const app = await buildApp({ config, database });
  await database.ready;
  for (const note of notes) app.log.info(note);
  say = (message) => void app.log.warn(message);
  if (prepare) await prepareDatabase(config, database, app.log, demo);
  const backups = prepare ? scheduleBackups(config, database, app.log) : null;

  let stopping = false;
  stopWithServer(database, config, () => stopping, (message) => app.log.fatal(message));
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // whatever hangs (a request that never ends, a connection that never closes), a stop ends the process
    const deadlineMs = (signal === 'SIGTERM' ? config.shutdownGraceMs : 0) + 15_000;
    setTimeout(() => {
      app.log.error({ deadlineMs }, 'shutdown took too long; exiting anyway');
      process.exit(1);
    }, deadlineMs).unref();
    // SIGTERM comes from a deploy: first fail the readiness check and keep serving for a grace period, so the
    // load balancer stops sending before the port closes. Ctrl-C (SIGINT) stops at once.
    if (signal === 'SIGTERM' && config.shutdownGraceMs > 0) {
      app.draining = true;
      app.log.info({ graceMs: config.shutdownGraceMs }, 'draining before shutdown');
      await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
    }
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // close() stops accepting, answers kept-alive connections with 503 and waits for the requests in flight.
    await app.close();
    await backups?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

async function runPrimary(config: Config) {
  const log = (message: string) => console.log(message);
  // the primary's own pool serves the start and the backups; the workers have theirs
  const database = await open(config, log, { poolMax: 2 });
  await prepareDatabase(config, database, { info: log });
  const backups = scheduleBackups(config, database, { info: log, error: (fields, message) => console.error(message, fields) });

  // a scrape of /metrics reaches one worker, which answers every worker's metrics summed through here
  gatherWorkersMetrics();
  let stopping = false;
  stopWithServer(database, config, () => stopping, (message) => console.error(message));
  const fork = () => cluster.fork(database.server ? { [WORKER_DATABASE_URL]: database.server.url } : {});
  for (let i = 0; i < config.workers; i++) fork();
  const finish = async () => {
    await backups.stop();
    await database.close();
    process.exit(0);
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) void finish();
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  console.log(`serving on port ${config.port} with ${config.workers} workers`);
}

async function main() {
  const config = loadConfig();
  if (cluster.isPrimary) closeToOthers(config.dataDir, [embeddedPaths(config.dataDir).cluster]);
  if (cluster.isPrimary && config.workers > 1) return runPrimary(config);
  // a forked worker finds the database already prepared by its primary
  return serve(config, cluster.isPrimary);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : startFailureMessage(error));
  process.exit(1);
});
