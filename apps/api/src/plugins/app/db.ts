import fp from 'fastify-plugin';
import type { Database, Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Set on SIGTERM: /api/ready answers 503 while requests are still served, so a balancer stops sending. */
    draining: boolean;
    /** When the database last refused to store (a full disk): /api/ready answers 503 for a while after. */
    storageRefusals: StorageRefusals;
  }
}

// Long enough for a balancer's checks to see it; short enough that the process is tried again soon after the disk
// is freed (a check cannot tell by itself: reads and a probe write may well succeed while a table cannot grow).
const NOT_READY_AFTER_REFUSAL_MS = 30_000;

export class StorageRefusals {
  private lastAt = Number.NEGATIVE_INFINITY;

  record(now = Date.now()): void {
    this.lastAt = now;
  }

  recent(now = Date.now()): boolean {
    return now - this.lastAt < NOT_READY_AFTER_REFUSAL_MS;
  }
}

// The database is opened by the caller (server.ts or a test) and handed in, so tests can share one.
export default fp<{ database: Database; config: Config }>(
  async (app, { database, config }) => {
    app.decorate('config', config);
    app.decorate<Database>('database', database);
    app.decorate('db', database.db);
    app.decorate('draining', false);
    app.decorate('storageRefusals', new StorageRefusals());
  },
  { name: 'db' },
);
