import type { ShopPage } from '@shop/core/brand';
import type { Settings } from '@shop/core/contract/settings';
import { useQuery } from '../../../lib/query.ts';
import { loadSettings } from '../../../lib/settings.ts';

/** A page of the shop's own text: About, or Delivery & payment, Returns, Privacy (`/pages/{page}`). */
export type TextPage = ShopPage | 'about';

/** One page's text in both languages, as the settings hold it. */
export interface PageText {
  text: string;
  textAr: string;
}

/** Each page's text is kept on its own, so the other pages do not carry it (lib/settings.ts). */
export const pageTextKey = (page: TextPage) => `page-text:${page}`;

export function pageTextOf(settings: Settings, page: TextPage): PageText {
  return { text: settings.pages[page], textAr: settings.pages[`${page}Ar`] };
}

export function usePageText(page: TextPage) {
  return useQuery(pageTextKey(page), async () => pageTextOf(await loadSettings(), page), { staleMs: 5 * 60_000 });
}
