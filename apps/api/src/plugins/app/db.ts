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
  }
}

// The database is opened by the caller (server.ts or a test) and handed in, so tests can share one.
export default fp<{ database: Database; config: Config }>(
  async (app, { database, config }) => {
    app.decorate('config', config);
    app.decorate<Database>('database', database);
    app.decorate('db', database.db);
    app.decorate('draining', false);
  },
  { name: 'db' },
);
