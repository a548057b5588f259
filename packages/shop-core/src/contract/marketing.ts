// Where shoppers are (PRODUCT section 9): what the admin's Marketing screen shows of the feeds, Meta's pixel and
// Conversions API, and the reminders of carts left behind. Their settings are the shop's settings (contract/settings.ts).
import { z } from 'zod';

/** GET /api/marketing (admin): each piece configured or not, the feeds' addresses, the reminders' figures. */
export const MarketingStatusSchema = z.object({
  feeds: z.object({
    /** the token is set: the feeds answer at these addresses (each carries it) */
    configured: z.boolean(),
    metaCsv: z.string().nullable(),
    metaCsvArabic: z.string().nullable(),
    googleXml: z.string().nullable(),
    googleXmlArabic: z.string().nullable(),
  }),
  pixel: z.object({ configured: z.boolean(), id: z.string() }),
  /** META_CAPI_TOKEN is set on the server: with a pixel ID, each placed order's Purchase is sent (with consent) */
  conversionsApi: z.object({ configured: z.boolean() }),
  /** the five WHATSAPP_ settings are set on the server: pending cash orders are asked to confirm by WhatsApp */
  whatsapp: z.object({ configured: z.boolean() }),
  cartReminders: z.object({
    on: z.boolean(),
    sentAfterHour: z.number().int(),
    sentAfterDay: z.number().int(),
    cartsReminded: z.number().int(),
    /** carts reminded whose shopper placed an order within a week of the reminder */
    cameBack: z.number().int(),
  }),
});
export type MarketingStatus = z.infer<typeof MarketingStatusSchema>;
