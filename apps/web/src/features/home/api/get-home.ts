import type { Home } from '@shop/core/contract/settings';
import { loadSettings } from '../../../lib/settings.ts';
import { useQuery } from '../../../lib/query.ts';

// The home page's hero and tiles, from the brand's settings (decision 054). The server's page carries them under this
// key; a visit that did not start here reads them from GET /api/settings with the rest.
export const HOME_KEY = 'settings:home';

export const getHome = async (): Promise<Home> => (await loadSettings()).home;

export function useHome() {
  return useQuery(HOME_KEY, getHome, { staleMs: 5 * 60_000 });
}
