// The brand's settings (PRODUCT section 8, "The brand").
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';
import { accentProblem, isHexColour, normalizeHex } from '../colour.ts';
import { hasNoNul, nulMessage, text } from './fields.ts';

// ---- the brand (PRODUCT section 8) -----------------------------------------------------------------

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
});
export type Settings = z.infer<typeof SettingsSchema>;

export const SHOP_NAME_MAX = 60;
export const TAGLINE_MAX = 160;
export const ADDRESS_MAX = 300;
export const LINK_MAX = 300;
export const ANNOUNCEMENT_MAX = 200;
export const PAGE_TEXT_MAX = 20_000;

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

const LOGO_LINK = 'Logo must be an http or https link, or an uploaded image';

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
});
export type SettingsChange = z.infer<typeof SettingsChangeSchema>;

/** POST /api/settings/logo: a multipart form with the image as `file`; read and checked by the route. */
export const LogoFormSchema = z.object({ file: z.string().meta({ format: 'binary' }) });
