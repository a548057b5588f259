// Privacy (PRODUCT section 9, "Privacy"): her data to take or erase, the consents she gives, and two-step sign-in for
// the shop's staff. Unknown fields are stripped; each schema is used by the route that validates it, the form that
// builds it and the tests.
import { z } from 'zod';
import { CONSENT_PURPOSES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { missing } from './fields.ts';

// ---- consents ------------------------------------------------------------------------------------

/** Her consents now: each false until she gives it. */
export const ConsentsSchema = z.object({ marketingEmail: z.boolean(), marketingWhatsapp: z.boolean(), analytics: z.boolean() });
export type Consents = z.infer<typeof ConsentsSchema>;

const choice = (label: string) => z.boolean({ error: `${label} must be true or false` }).optional();

/** What a form sends: any of the three, each true (given) or false (withdrawn or not given); one left out stays as it is. */
export const ConsentChoicesSchema = z.object(
  { marketingEmail: choice('Marketing by email'), marketingWhatsapp: choice('Marketing by WhatsApp'), analytics: choice('Analytics') },
  { error: 'Consents must be an object' },
);
export type ConsentChoices = z.infer<typeof ConsentChoicesSchema>;

/** One line of the consent log: what she gave or withdrew, when, from which address, under which privacy text. */
export const ConsentLogEntrySchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  granted: z.boolean(),
  at: z.string(),
  ip: z.string(),
  /** the privacy page's version at that moment (a digest of its English and Arabic texts) */
  version: z.string(),
});
export type ConsentLogEntry = z.infer<typeof ConsentLogEntrySchema>;

export const ConsentsAnswerSchema = ConsentsSchema.extend({
  /** the privacy page's version now */
  version: z.string(),
  log: z.array(ConsentLogEntrySchema),
});

// ---- her account: take it, erase it ---------------------------------------------------------------

const password = z
  .string({ error: (issue) => (missing(issue.input) ? MESSAGES.passwordRequired : 'Password must be text') })
  .min(1, { error: MESSAGES.passwordRequired })
  .max(200, { error: MESSAGES.currentPasswordWrong });

export const DeleteAccountBodySchema = z.object({ password });

/** GET /api/users/me/export: one JSON document, written section by section as it is read. */
export const AccountExportSchema = z
  .object({ format: z.literal('shop-export'), exportedAt: z.string() })
  .catchall(z.unknown())
  .meta({ description: 'The profile, then one list per section: orders, returns, reviews, wishlist, cart, consents, back-in-stock asks, sign-ins, payments, audit' });

/** Where and how she signed in (kept 90 days). */
export const SignInSchema = z.object({ at: z.string(), ip: z.string(), userAgent: z.string(), method: z.enum(['password', 'code', 'recovery-code']) });
export type SignIn = z.infer<typeof SignInSchema>;

// ---- two-step sign-in ----------------------------------------------------------------------------

const code = z
  .string({ error: MESSAGES.twoFactorCodeRequired })
  .trim()
  .min(1, { error: MESSAGES.twoFactorCodeRequired })
  .max(40, { error: MESSAGES.twoFactorCodeWrong });

/** POST /api/users/me/2fa: a new secret to put in an authenticator app, as text, a link and a QR code. */
export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** the otpauth link as a QR code: an SVG image, as a data: URL */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const TwoFactorCodeBodySchema = z.object({ code });

/** Shown once: each code signs in one time instead of the app's code. The session gets a new token (others end). */
export const TwoFactorEnabledSchema = z.object({ recoveryCodes: z.array(z.string()), token: z.string(), message: z.string() });

export const TwoFactorOffBodySchema = z.object({ password, code });

/** Login's answer for an account with two-step sign-in: no token yet, a ticket for POST /api/auth/2fa (5 minutes). */
export const TwoFactorTicketSchema = z.object({ twoFactorRequired: z.literal(true), ticket: z.string() });
export type TwoFactorTicket = z.infer<typeof TwoFactorTicketSchema>;

export const TwoFactorLoginBodySchema = z.object({
  ticket: z.string({ error: MESSAGES.twoFactorTicketInvalid }).min(1, { error: MESSAGES.twoFactorTicketInvalid }).max(2000, { error: MESSAGES.twoFactorTicketInvalid }),
  code,
});
