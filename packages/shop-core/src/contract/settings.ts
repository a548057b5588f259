// The brand's settings (PRODUCT section 8, "The brand").
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';
import { accentProblem, isHexColour, normalizeHex } from '../colour.ts';
import { MESSAGES } from '../messages.ts';
import { hasNoNul, nulMessage, text } from './fields.ts';

// ---- the brand (PRODUCT section 8) -----------------------------------------------------------------

/** A picture with words and a link on the home page (decision 054): the hero, or one of its tiles. */
const HomeCardSchema = z.object({
  /** an uploaded image's path (`/images/….webp`) or a link; null: words alone */
  imageUrl: z.string().nullable(),
  title: z.string(),
  titleAr: z.string(),
  text: z.string(),
  textAr: z.string(),
  /** a page of the shop (`/shop?gender=women`) or a link */
  link: z.string(),
});

export const HomeSchema = z.object({
  hero: HomeCardSchema.extend({ linkLabel: z.string(), linkLabelAr: z.string() }),
  tiles: z.array(HomeCardSchema),
});
export type Home = z.infer<typeof HomeSchema>;
export type HomeTile = Home['tiles'][number];

/** The shop's settings as every client reads them (GET /api/settings); blank texts are empty strings. */
export const SettingsSchema = z.object({
  name: z.string(),
  nameAr: z.string(),
  tagline: z.string(),
  taglineAr: z.string(),
  /** an uploaded image's path (`/images/logo-….png`) or a link; null: the name is the logo */
  logoUrl: z.string().nullable(),
  accentColor: z.string(),
  contact: z.object({ email: z.string(), phone: z.string(), whatsapp: z.string(), address: z.string(), addressAr: z.string() }),
  social: z.object({ instagram: z.string(), facebook: z.string(), tiktok: z.string() }),
  announcement: z.object({ text: z.string(), textAr: z.string(), enabled: z.boolean() }),
  pages: z.object({
    about: z.string(), aboutAr: z.string(), delivery: z.string(), deliveryAr: z.string(),
    returns: z.string(), returnsAr: z.string(), privacy: z.string(), privacyAr: z.string(),
  }),
  /** PRODUCT section 9: staffTwoFactor makes two-step sign-in required for staff and admins */
  security: z.object({ staffTwoFactor: z.boolean() }),
  /**
   * PRODUCT section 9, "Where shoppers are": Meta's pixel (its ID is public, every page that loads it names it) and the
   * reminders of carts left behind (off by default).
   */
  marketing: z.object({ metaPixelId: z.string(), cartReminders: z.boolean() }),
  /** the product feeds' token (blank: no feed is served): kept with the settings, answered by GET /api/marketing alone */
  feeds: z.object({ token: z.string() }).optional(),
  /** the home page's hero and tiles (decision 054) */
  home: HomeSchema,
  /**
   * How long an order not yet paid for holds its pieces (decision 051): one awaiting a card or wallet payment, in
   * minutes, and one paid later at a kiosk, in hours
   */
  holds: z.object({ paymentMinutes: z.number(), kioskHours: z.number() }),
  /**
   * PRODUCT section 9, "Confirming cash orders": cash orders wait for the shopper's confirmation (on by default), and
   * one still unconfirmed after `confirmWithinHours` is canceled. Absent in a stored row: DEFAULT_ORDER_SETTINGS.
   */
  orders: z.object({ confirmCash: z.boolean(), confirmWithinHours: z.number().int() }).optional(),
  /**
   * PRODUCT section 9, "Returns and exchanges": the days from delivery a piece may be returned, the days for a defective
   * or wrong one, and whether a size may be exchanged. Absent in a stored row: DEFAULT_RETURN_SETTINGS.
   */
  returns: z.object({ days: z.number().int(), defectiveDays: z.number().int(), exchanges: z.boolean() }).optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** The bounds of the returns' windows: never shorter than Egypt's law (14 days, 30 for a defective piece), a year at most. */
export const RETURN_DAYS = { min: 14, max: 365 } as const;
export const DEFECTIVE_RETURN_DAYS = { min: 30, max: 365 } as const;

/** the longest an order may wait for its confirmation: two weeks */
export const CONFIRM_WITHIN_HOURS_MAX = 336;

export const SHOP_NAME_MAX = 60;
export const TAGLINE_MAX = 160;
export const ADDRESS_MAX = 300;
export const LINK_MAX = 300;
export const ANNOUNCEMENT_MAX = 200;
export const PAGE_TEXT_MAX = 20_000;
/** The bounds of the unpaid holds an admin may set (decision 051). */
export const HOLD_MINUTES = { min: 10, max: 120 } as const;
export const KIOSK_HOLD_HOURS = { min: 1, max: 48 } as const;

/** The announcement bar's rule beyond each field's own: a bar that is on has something to say. */
export function announcementProblem(announcement: Settings['announcement']): string | null {
  return announcement.enabled && announcement.text.trim() === '' ? 'Announcement text is required to show the announcement' : null;
}

/** A text the owner may leave blank (null too); over its limit the 400 names the field. */
const settingText = (label: string, max: number) =>
  z.preprocess(
    (value) => (value === null ? '' : value),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters` })
      .refine(hasNoNul, { error: nulMessage(label) }),
  );

const settingLink = (label: string) =>
  settingText(label, LINK_MAX).refine((value) => value === '' || /^https?:\/\/[^\s/?#]+\.[^\s]*$/i.test(value), {
    error: `${label} must be an http or https link`,
  });

const accentColor = z
  .string({ error: 'Accent colour must be a hex colour, like #a4461f' })
  .trim()
  .refine(isHexColour, { error: 'Accent colour must be a hex colour, like #a4461f' })
  .transform(normalizeHex)
  .superRefine((colour, context) => {
    const problem = accentProblem(colour);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** A hold's length, a whole number within its bounds; the admin's form sends it as text. */
const holdNumber = (bounds: { min: number; max: number }, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: message }).int({ error: message }).min(bounds.min, { error: message }).max(bounds.max, { error: message }),
  );

const LOGO_LINK = 'Logo must be an http or https link, or an uploaded image';

export const HOME_TILES_MAX = 4;
export const HOME_TITLE_MAX = 80;
export const HOME_TEXT_MAX = 200;

const homeImage = (label: string) =>
  z
    .string({ error: `${label} must be an http or https link, or an uploaded image` })
    .trim()
    .max(2000, { error: `${label} must be an http or https link, or an uploaded image` })
    .refine((value) => /^(https?:\/\/[^\s]+|\/images\/[\w.-]+)$/i.test(value), { error: `${label} must be an http or https link, or an uploaded image` })
    .nullable();

const homeLink = (label: string) =>
  settingText(label, LINK_MAX).refine((value) => /^(\/[^\s]*|https?:\/\/[^\s/?#]+\.[^\s]*)$/i.test(value), {
    error: `${label} must be a page of the shop, like /shop?gender=women, or an http or https link`,
  });

/** A tile as the admin saves it: a title (in English at least) and where it leads. */
const HomeTileChangeSchema = z.object({
  imageUrl: homeImage('Tile image'),
  title: text('Tile title', HOME_TITLE_MAX),
  titleAr: settingText('Arabic tile title', HOME_TITLE_MAX),
  text: settingText('Tile text', HOME_TEXT_MAX),
  textAr: settingText('Arabic tile text', HOME_TEXT_MAX),
  link: homeLink('Tile link'),
}, { error: 'A tile must be an object' });

/**
 * PUT /api/settings: any subset of the fields, and of each group's fields; what is left out stays as it is. Checked
 * here for the API and for the admin's form alike (contrast included: colour.ts).
 */
export const SettingsChangeSchema = z.object({
  name: text('Shop name', SHOP_NAME_MAX).optional(),
  nameAr: settingText('Arabic shop name', SHOP_NAME_MAX).optional(),
  tagline: settingText('Tagline', TAGLINE_MAX).optional(),
  taglineAr: settingText('Arabic tagline', TAGLINE_MAX).optional(),
  logoUrl: z
    .string({ error: LOGO_LINK })
    .trim()
    .max(2000, { error: LOGO_LINK })
    .refine((value) => /^(https?:\/\/[^\s]+|\/images\/[\w.-]+)$/i.test(value), { error: LOGO_LINK })
    .nullable()
    .optional(),
  accentColor: accentColor.optional(),
  contact: z
    .object({
      email: settingText('Contact email', 254)
        .transform((value) => value.toLowerCase())
        .refine((value) => value === '' || z.email().safeParse(value).success, { error: 'Contact email must be an email address, like hello@shop.example' })
        .optional(),
      phone: settingText('Phone', 30)
        .refine((value) => value === '' || /^\+?[\d\s-]{6,20}$/.test(value), { error: 'Phone must be a phone number, like +20 100 123 4567' })
        .optional(),
      whatsapp: settingText('WhatsApp number', 30)
        .refine((value) => value === '' || (/^\+?[\d\s-]+$/.test(value) && /^[1-9]\d{7,14}$/.test(value.replace(/\D/g, ''))), {
          error: 'WhatsApp number must be written with its country code, like +20 100 123 4567',
        })
        .optional(),
      address: settingText('Address', ADDRESS_MAX).optional(),
      addressAr: settingText('Arabic address', ADDRESS_MAX).optional(),
    }, { error: 'Contact must be an object' })
    .optional(),
  social: z
    .object({
      instagram: settingLink('Instagram link').optional(),
      facebook: settingLink('Facebook link').optional(),
      tiktok: settingLink('TikTok link').optional(),
    }, { error: 'Social links must be an object' })
    .optional(),
  announcement: z
    .object({
      text: settingText('Announcement', ANNOUNCEMENT_MAX).optional(),
      textAr: settingText('Arabic announcement', ANNOUNCEMENT_MAX).optional(),
      enabled: z.boolean({ error: 'Announcement on or off must be true or false' }).optional(),
    }, { error: 'Announcement must be an object' })
    .optional(),
  pages: z
    .object({
      about: settingText('About page', PAGE_TEXT_MAX).optional(),
      aboutAr: settingText('Arabic About page', PAGE_TEXT_MAX).optional(),
      delivery: settingText('Delivery page', PAGE_TEXT_MAX).optional(),
      deliveryAr: settingText('Arabic Delivery page', PAGE_TEXT_MAX).optional(),
      returns: settingText('Returns page', PAGE_TEXT_MAX).optional(),
      returnsAr: settingText('Arabic Returns page', PAGE_TEXT_MAX).optional(),
      privacy: settingText('Privacy page', PAGE_TEXT_MAX).optional(),
      privacyAr: settingText('Arabic Privacy page', PAGE_TEXT_MAX).optional(),
    }, { error: 'Pages must be an object' })
    .optional(),
  security: z
    .object({
      staffTwoFactor: z.boolean({ error: 'Two-step sign-in for staff must be true or false' }).optional(),
    }, { error: 'Security must be an object' })
    .optional(),
  marketing: z
    .object({
      metaPixelId: settingText('Meta pixel ID', 20)
        .refine((value) => value === '' || /^\d{6,20}$/.test(value), { error: 'Meta pixel ID must be the digits Meta gives, like 123456789012345' })
        .optional(),
      cartReminders: z.boolean({ error: 'Cart reminders on or off must be true or false' }).optional(),
    }, { error: 'Marketing must be an object' })
    .optional(),
  feeds: z
    .object({
      token: settingText('Feed token', 100)
        .refine((value) => value === '' || /^[\w-]{16,100}$/.test(value), { error: 'Feed token must be 16 to 100 letters, digits, - or _' })
        .optional(),
    }, { error: 'Feeds must be an object' })
    .optional(),
  /** decision 054: the hero's fields each on their own; the tiles as a whole list, in their order */
  home: z
    .object({
      hero: z
        .object({
          imageUrl: homeImage('Hero image').optional(),
          title: text('Hero title', HOME_TITLE_MAX).optional(),
          titleAr: settingText('Arabic hero title', HOME_TITLE_MAX).optional(),
          text: settingText('Hero text', HOME_TEXT_MAX).optional(),
          textAr: settingText('Arabic hero text', HOME_TEXT_MAX).optional(),
          link: homeLink('Hero link').optional(),
          linkLabel: settingText('Hero button', 40).optional(),
          linkLabelAr: settingText('Arabic hero button', 40).optional(),
        }, { error: 'Hero must be an object' })
        .optional(),
      tiles: z
        .array(HomeTileChangeSchema, { error: 'Tiles must be a list' })
        .max(HOME_TILES_MAX, { error: `The home page shows at most ${HOME_TILES_MAX} tiles` })
        .optional(),
    }, { error: 'Home page must be an object' })
    .optional(),
  holds: z
    .object({
      paymentMinutes: holdNumber(HOLD_MINUTES, MESSAGES.holdMinutesRange).optional(),
      kioskHours: holdNumber(KIOSK_HOLD_HOURS, MESSAGES.kioskHoursRange).optional(),
    }, { error: 'Holds must be an object' })
    .optional(),
  orders: z
    .object({
      confirmCash: z.boolean({ error: 'Confirming cash orders on or off must be true or false' }).optional(),
      confirmWithinHours: z
        .number({ error: 'Hours to confirm must be a number' })
        .int({ error: 'Hours to confirm must be a whole number' })
        .min(1, { error: 'Hours to confirm must be at least 1' })
        .max(CONFIRM_WITHIN_HOURS_MAX, { error: `Hours to confirm must be at most ${CONFIRM_WITHIN_HOURS_MAX}` })
        .optional(),
    }, { error: 'Orders must be an object' })
    .optional(),
  returns: z
    .object({
      days: holdNumber(RETURN_DAYS, MESSAGES.returnDaysRange).optional(),
      defectiveDays: holdNumber(DEFECTIVE_RETURN_DAYS, MESSAGES.defectiveDaysRange).optional(),
      exchanges: z.boolean({ error: MESSAGES.exchangesOnOff }).optional(),
    }, { error: MESSAGES.returnsSettingsObject })
    .optional(),
});
export type SettingsChange = z.infer<typeof SettingsChangeSchema>;

/** POST /api/settings/logo: a multipart form with the image as `file`; read and checked by the route. */
export const LogoFormSchema = z.object({ file: z.string().meta({ format: 'binary' }) });
