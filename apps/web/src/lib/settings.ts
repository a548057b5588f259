import { brandOf, DEFAULT_BRAND, shopNameIn, type Brand } from '@shop/core/brand';
import type { Settings } from '@shop/core/contract/settings';
import { call } from './api-client.ts';
import { getLang } from './i18n.ts';
import { getQueryData, primeQueries, setQueryData, useQuery } from './query.ts';

// The brand's settings (PRODUCT section 8) as every page shows them: the header, footer, announcement, titles. A page
// the server drew carries them (page-data), and so does the shell of the pages the browser draws alone
// (`settings-data`): no page waits for a request to show the shop's name. The pages' texts are not in here: each of
// those pages reads its own (features/about/api).
export const BRAND_KEY = 'brand';

let reading: Promise<Settings> | null = null;

/** GET /api/settings, one request for every reader that asks at once. */
export function loadSettings(signal?: AbortSignal): Promise<Settings> {
  reading ??= call('getSettings', { signal }).finally(() => {
    reading = null;
  });
  return reading;
}

const getBrand = async () => brandOf(await loadSettings());

/** The brand now: what the page carried, or what was read since; a shop's defaults until then (`npm run dev`). */
export function useBrand(): Brand {
  return useQuery(BRAND_KEY, getBrand, { staleMs: 5 * 60_000 }).data ?? DEFAULT_BRAND;
}

/** The brand outside a component (document titles, the server's head, which are made while the page is primed). */
export function brandNow(): Brand {
  return getQueryData<Brand>(BRAND_KEY) ?? DEFAULT_BRAND;
}

/** The shop's name in the page's language. */
export function shopName(): string {
  return shopNameIn(brandNow(), getLang());
}

/** The shell's copy of the brand (the API writes it into index.html for the pages the browser draws). */
export function primeBrandFromShell(): void {
  const carried = document.getElementById('settings-data')?.textContent;
  if (carried) primeQueries([{ key: BRAND_KEY, data: JSON.parse(carried) as Brand }]);
}

/** After the admin's save: every reader shows the new settings at once. */
export function rememberSettings(settings: Settings): void {
  setQueryData<Brand>(BRAND_KEY, brandOf(settings));
}
