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
};

/**
 * The home page of a shop whose owner has not set one (decision 054): a headline, and the two collection pictures every
 * start makes (collection-women, collection-men) as its tiles. Only the API reads it; the storefront gets the settings.
 */
export const DEFAULT_HOME: Settings['home'] = {
  hero: {
    imageUrl: null,
    title: 'Clothing for women and men, delivered across Egypt',
    titleAr: 'ملابس للنساء والرجال، نوصّلها إلى كل أنحاء مصر',
    text: '',
    textAr: '',
    link: '/shop',
    linkLabel: 'Shop now',
    linkLabelAr: 'تسوّق الآن',
  },
  tiles: [
    {
      imageUrl: '/images/collection-women-800.webp',
      title: 'Women collection',
      titleAr: 'تشكيلة النساء',
      text: 'Dresses, abayas, knitwear and everyday basics.',
      textAr: 'فساتين وعبايات وتريكو وأساسيات كل يوم.',
      link: '/shop?gender=women',
    },
    {
      imageUrl: '/images/collection-men-800.webp',
      title: 'Men collection',
      titleAr: 'تشكيلة الرجال',
      text: 'Shirts, denim, jackets and weekend layers.',
      textAr: 'قمصان وجينز وجواكت وملابس لعطلة نهاية الأسبوع.',
      link: '/shop?gender=men',
    },
  ],
};

/** PRODUCT section 9: cash orders wait for their shopper's confirmation, canceled after 48 hours unanswered */
export const DEFAULT_ORDER_SETTINGS = { confirmCash: true, confirmWithinHours: 48 };

/** PRODUCT section 9: Egypt's 14 days from delivery (30 for a defective or wrong piece), exchanges offered */
export const DEFAULT_RETURN_SETTINGS = { days: 14, defectiveDays: 30, exchanges: true };

export const DEFAULT_SETTINGS: Settings = {
  ...DEFAULT_BRAND,
  pages: { about: '', aboutAr: '', delivery: '', deliveryAr: '', returns: '', returnsAr: '', privacy: '', privacyAr: '' },
  security: { staffTwoFactor: false },
  home: DEFAULT_HOME,
  // decision 051: a card or wallet payment is made on the spot; a kiosk reference is paid within the day
  holds: { paymentMinutes: 30, kioskHours: 12 },
  marketing: { metaPixelId: '', cartReminders: false },
  orders: { ...DEFAULT_ORDER_SETTINGS },
  returns: { ...DEFAULT_RETURN_SETTINGS },
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
export type Brand = Omit<Settings, 'pages' | 'security' | 'feeds' | 'home' | 'holds' | 'marketing' | 'orders' | 'returns'>;

export function brandOf(settings: Settings): Brand {
  // the marketing settings are the server's to act on (Meta's pixel is added to a page by the server: decision 062)
  const { pages: _pages, security: _security, feeds: _feeds, home: _home, holds: _holds, marketing: _marketing, orders: _orders, returns: _returns, ...brand } = settings;
  return brand;
}

/** The settings' JSON inside a page's <script>: `<` escaped, so no text of the owner's can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
