import { call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

/** Which card provider the shop uses, and its publishable key; asked for once the shopper picks Credit. */
export function usePublicConfig() {
  return useQuery('config', (signal) => call('publicConfig', { signal }), { staleMs: 5 * 60_000 });
}
