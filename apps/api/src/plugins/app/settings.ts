// `app.settings`: the brand's settings (modules/settings), read once and kept until the catalog cache drops (decision
// 029). Every page, mail and shell names the shop, so they are read far more often than they change; a save calls
// `changed()`, which drops the catalog cache here and, through its LISTEN/NOTIFY, in every other process: the pages
// holding the old name go with it, and this copy is read again on its next use.
import fp from 'fastify-plugin';
import type { Settings } from '@shop/core/contract/settings';
import { readSettings } from '../../modules/settings/settings.ts';

export interface ShopSettings {
  current(): Promise<Settings>;
  /** After a save: every process reads the settings again, and drops the pages and answers made with the old ones. */
  changed(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    settings: ShopSettings;
  }
}

export default fp(
  async (app) => {
    // the settings of one generation of the catalog cache, shared by the requests that ask while they are read
    let kept: { generation: number; settings: Promise<Settings> } | null = null;
    app.decorate<ShopSettings>('settings', {
      current() {
        const generation = app.catalogGeneration();
        if (kept?.generation === generation) return kept.settings;
        const reading = readSettings(app.db);
        const entry = { generation, settings: reading };
        kept = entry;
        // a failed read (the database away) is not kept: the next request tries again
        reading.catch(() => {
          if (kept === entry) kept = null;
        });
        return reading;
      },
      changed() {
        kept = null;
        app.catalogChanged();
      },
    });
  },
  { name: 'settings', dependencies: ['db', 'catalog-cache'] },
);
