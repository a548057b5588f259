import type { Config } from '../config.ts';
import type { Database } from './client.ts';

export function scheduleBackups(_config: Config, _database: Database, _log: { info(message: string): void; error(fields: object, message: string): void }) {
  return { stop: async () => {} };
}
