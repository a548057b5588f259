// Where shoppers are (PRODUCT section 9): the Marketing screen's status and its changes (the shop's settings).
import type { MarketingStatus } from '@shop/core/contract/marketing';
import type { SettingsChange } from '@shop/core/contract/settings';
import { call } from '../../../lib/api-client.ts';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';
import { updateSettings } from './update-settings.ts';

const MARKETING_KEY = `${ADMIN_KEY}marketing`;

export const useMarketing = () => useQuery<MarketingStatus>(MARKETING_KEY, (signal) => call('marketingStatus', { signal }), { staleMs: 0 });

/** Saves a change of the marketing settings; answers the API's sentence, and reads the status again. */
export async function saveMarketing(change: Pick<SettingsChange, 'marketing' | 'feeds'>): Promise<void> {
  await updateSettings(change);
  invalidateQueries(MARKETING_KEY);
}

/** A new feed token: 32 random URL-safe characters (the old feed addresses stop working). */
export function newFeedToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
