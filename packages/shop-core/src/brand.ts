// The brand's own shop (PRODUCT section 8, "The brand"): what a shop shows before its owner has set anything, and how
// a name or text is chosen for a language. No zod here, and only what every page uses: the storefront's first load
// carries this module whole (the rules and limits of a change are contract/settings.ts's).
import type { Lang } from './locale.ts';
import type { Settings } from './contract/settings.ts';

export type { Settings };

/** The storefront's accent until the owner picks one (styles.css `--accent`). */
export const DEFAULT_ACCENT = '#a4461f';

/**
 * A shop started without the demo: a neutral name and nothing else the owner has not said. Blank Arabic texts show
 * the English ones; blank pages say they have no text yet.
 */
export const DEFAULT_BRAND: Brand = {
  name: 'My shop',
  nameAr: '',
  tagline: '',
  taglineAr: '',
  logoUrl: null,
  accentColor: DEFAULT_ACCENT,
  contact: { email: '', phone: '', whatsapp: '', address: '', addressAr: '' },
  social: { instagram: '', facebook: '', tiktok: '' },
  announcement: { text: '', textAr: '', enabled: false },
  marketing: { metaPixelId: '', cartReminders: false },
};

export const DEFAULT_SETTINGS: Settings = {
  ...DEFAULT_BRAND,
  pages: { about: '', aboutAr: '', delivery: '', deliveryAr: '', returns: '', returnsAr: '', privacy: '', privacyAr: '' },
  security: { staffTwoFactor: false },
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

/** WhatsApp's chat link for a number written with its country code (`+20 100 123 4567` → `https://wa.me/201001234567`). */
export function whatsappLink(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/**
 * What every page shows of the settings (header, footer, announcement, title, accent): all but the pages' texts, which
 * only their own page reads. A page carries this much of the settings, so a long privacy policy weighs on no other.
 */
export type Brand = Omit<Settings, 'pages' | 'security' | 'feeds'>;

export function brandOf(settings: Settings): Brand {
  const { pages: _pages, security: _security, feeds: _feeds, ...brand } = settings;
  return brand;
}

/** The settings' JSON inside a page's <script>: `<` escaped, so no text of the owner's can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
