// The brand's own shop (PRODUCT section 8, "The brand"): what a shop shows before its owner has set anything, and how
// a name or text is chosen for a language. No zod here, so the storefront's first load can read settings without the
// schemas (schemas.ts has them).
import type { Lang } from './locale.ts';
import type { Settings } from './schemas.ts';

export type { Settings };

/** The storefront's accent until the owner picks one (styles.css `--accent`). */
export const DEFAULT_ACCENT = '#a4461f';

export const SHOP_NAME_MAX = 60;
export const TAGLINE_MAX = 160;
export const ADDRESS_MAX = 300;
export const LINK_MAX = 300;
export const ANNOUNCEMENT_MAX = 200;
export const PAGE_TEXT_MAX = 20_000;

/**
 * A shop started without the demo: a neutral name and nothing else the owner has not said. Blank Arabic texts show
 * the English ones; blank pages say they have no text yet.
 */
export const DEFAULT_SETTINGS: Settings = {
  name: 'My shop',
  nameAr: '',
  tagline: '',
  taglineAr: '',
  logoUrl: null,
  accentColor: DEFAULT_ACCENT,
  contact: { email: '', phone: '', whatsapp: '', address: '', addressAr: '' },
  social: { instagram: '', facebook: '', tiktok: '' },
  announcement: { text: '', textAr: '', enabled: false },
  pages: { about: '', aboutAr: '', delivery: '', deliveryAr: '', returns: '', returnsAr: '', privacy: '', privacyAr: '' },
};

/** A text in the page's language: the Arabic one when there is one, else the English. */
export function localText(english: string, arabic: string, lang: Lang): string {
  return (lang === 'ar' && arabic.trim()) || english;
}

export function shopNameIn(settings: Pick<Settings, 'name' | 'nameAr'>, lang: Lang): string {
  return localText(settings.name, settings.nameAr, lang);
}

/** The shop's own pages beside About, by their address (`/pages/{page}`). */
export const SHOP_PAGES = ['delivery', 'returns', 'privacy'] as const;
export type ShopPage = (typeof SHOP_PAGES)[number];

/** A page's text (About or one of SHOP_PAGES) in the page's language. */
export function pageText(settings: Pick<Settings, 'pages'>, page: ShopPage | 'about', lang: Lang): string {
  const { pages } = settings;
  return localText(pages[page], pages[`${page}Ar`], lang);
}

/** WhatsApp's chat link for a number written with its country code (`+20 100 123 4567` → `https://wa.me/201001234567`). */
export function whatsappLink(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/** The announcement bar's rule beyond each field's own: a bar that is on has something to say. */
export function announcementProblem(announcement: Settings['announcement']): string | null {
  return announcement.enabled && announcement.text.trim() === '' ? 'Announcement text is required to show the announcement' : null;
}

/**
 * What every page shows of the settings (header, footer, announcement, title, accent): all but the pages' texts, which
 * only their own page reads. A page carries this much of the settings, so a long privacy policy weighs on no other.
 */
export type Brand = Omit<Settings, 'pages'>;

export function brandOf(settings: Settings): Brand {
  const { pages: _pages, ...brand } = settings;
  return brand;
}

/** The settings' JSON inside a page's <script>: `<` escaped, so no text of the owner's can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
