// Card payments: the sandbox, Stripe and Paymob as the browser sees them (PRODUCT section 4).
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';
import { PAYMOB_METHODS } from '../constants.ts';
import { text } from './fields.ts';

export const PaymentAnswerSchema = z.object({
  client_secret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number(),
  currency: z.literal('egp'),
});

export const SandboxConfirmBodySchema = z.object({
  client_secret: text('client_secret', 200),
  cardNumber: z.string({ error: 'Card number is required' }).max(40, { error: 'Your card number is invalid.' }).optional(),
  expMonth: z.union([z.number(), z.string().max(4)]).optional(),
  expYear: z.union([z.number(), z.string().max(6)]).optional(),
  cvc: z.string().max(8, { error: "Your card's security code is invalid." }).optional(),
});

export const SandboxConfirmAnswerSchema = z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() });

export const PublicConfigSchema = z.object({
  paymentProvider: z.enum(['sandbox', 'stripe', 'paymob']),
  /** Stripe's publishable key, or Paymob's public key */
  publishableKey: z.string().nullable(),
  currency: z.literal('egp'),
  /** Paymob's ways on offer (PAYMOB_INTEGRATIONS), and the address of its embedded checkout's script (Pixel) */
  paymentMethods: z.array(z.enum(PAYMOB_METHODS)).optional(),
  pixelScript: z.string().optional(),
  /** the courier staff send orders to (PRODUCT section 9: `bosta`), when one is set up */
  courier: z.string().optional(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
