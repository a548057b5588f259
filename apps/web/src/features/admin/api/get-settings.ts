import { DEFAULT_ACCENT } from '@shop/core/brand';
import { accentStyle } from '@shop/core/colour';
import type { Settings } from '@shop/core/contract/settings';
import { invalidateQueries, setQueryData, useQuery } from '../../../lib/query.ts';
import { loadSettings, rememberSettings } from '../../../lib/settings.ts';
import { ADMIN_KEY } from './admin-cache.ts';

// The settings screen reads the whole settings (the storefront's pages keep only the brand, and each page its text).
const SETTINGS_KEY = `${ADMIN_KEY}settings`;

export const useSettings = () => useQuery(SETTINGS_KEY, () => loadSettings(), { staleMs: 0 });

/** The shop's accent on this page at once, as the server writes it into the next ones (app/server/page-head.ts). */
function showAccent(colour: string): void {
  let style = document.getElementById('accent');
  if (colour === DEFAULT_ACCENT) return style?.remove();
  if (!style) {
    style = document.createElement('style');
    style.id = 'accent';
    document.head.append(style);
  }
  style.textContent = accentStyle(colour);
}

/** After a save or an upload, every screen shows what was saved: the header, the footer, the pages' texts, the accent. */
export function settingsSaved(settings: Settings): Settings {
  setQueryData<Settings>(SETTINGS_KEY, settings);
  rememberSettings(settings);
  invalidateQueries('page-text:');
  showAccent(settings.accentColor);
  return settings;
}
