// The entry point: configuration, database, listen, and a graceful stop on SIGTERM.
// With WORKERS=n (PostgreSQL only) a primary prepares the database once and forks n identical servers
// that share the port; a worker that dies is replaced.
import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { demoSnapshotWanted, prepareDatabase, startFailureMessage } from './bootstrap.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { gatherWorkersMetrics } from './plugins/external/metrics-cluster.ts';

async function serve(config: Config, prepare: boolean) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: config.poolMax, dataDir: config.dataDir, demoSnapshot: demoSnapshotWanted(config) });
  const app = await buildApp({ config, database });
  if (prepare) await prepareDatabase(config, database, app.log);

  let stopping = false;
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
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

async function runPrimary(config: Config) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: config.poolMax, dataDir: config.dataDir, demoSnapshot: demoSnapshotWanted(config) });
  await prepareDatabase(config, database, { info: (message: string) => console.log(message) });
  await database.close();

  // a scrape of /metrics reaches one worker, which answers every worker's metrics summed through here
  gatherWorkersMetrics();
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < config.workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  console.log(`serving on port ${config.port} with ${config.workers} workers`);
}

async function main() {
  const config = loadConfig();
  if (cluster.isPrimary && config.workers > 1) return runPrimary(config);
  // a forked worker finds the database already prepared by its primary
  return serve(config, cluster.isPrimary);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : startFailureMessage(error));
  process.exit(1);
});
