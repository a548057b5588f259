// Card payments and the providers' webhooks.
import { z } from 'zod';
import { GovernorateSchema } from '../contract/fields.ts';
import { PaymentAnswerSchema, SandboxConfirmAnswerSchema, SandboxConfirmBodySchema } from '../contract/payments.ts';
import { routes } from '../routes.ts';
import { endpoint, WebhookAnswerSchema } from './endpoint.ts';

/** A payment provider's name, as the configuration knows it. */
const ProviderParams = z.object({ provider: z.string().max(40) });

// ours (the address we gave the provider: `shop_order`, a guest's `token`), and Paymob's `merchant_order_id` (our id as
// well); the rest of what a provider adds (its own order number, the transaction's fields) proves nothing and is not read
const ReturnQuery = z.object({ shop_order: z.string().max(100).optional(), merchant_order_id: z.string().max(100).optional(), token: z.string().max(200).optional() });

export const paymentsEndpoints = {
  createPayment: endpoint(routes.createPayment, {
    summary: "Start a card payment for what the caller's cart costs delivered to `governorate` (Cairo when left out), with the cart's code or `couponCode`",
    body: z.object({ governorate: GovernorateSchema.optional(), couponCode: z.string().trim().max(40).optional() }).optional(),
    status: 200,
    answer: PaymentAnswerSchema,
    errors: [409, 429],
  }),
  confirmSandboxPayment: endpoint(routes.confirmSandboxPayment, {
    summary: "The sandbox provider's card confirmation",
    body: SandboxConfirmBodySchema,
    status: 200,
    answer: SandboxConfirmAnswerSchema,
    errors: [402, 404],
  }),
  stripeWebhook: endpoint(routes.stripeWebhook, {
    summary: "Stripe's signed payment events",
    consumes: ['application/json'],
    status: 200,
    answer: WebhookAnswerSchema,
    errors: [400, 404],
  }),
  paymobCallback: endpoint(routes.paymobCallback, {
    summary:
      "Paymob's transaction callback, signed with HMAC-SHA512 in `?hmac=`: a hint only, so Paymob is asked about the transaction by its id and its answer places an awaiting order when paid, releases it when not (503 when Paymob could not be asked)",
    query: z.object({ hmac: z.string().max(200).optional() }),
    consumes: ['application/json'],
    status: 200,
    answer: WebhookAnswerSchema,
    errors: [400, 404, 503],
  }),
  paymentWebhook: endpoint(routes.paymentWebhook, {
    summary:
      "The active payment provider's callback, by its name (`stripe`, `paymob`, ...): checked by the provider's adapter (its signature; the provider asked when its callback is only a hint) and applied once (404 for another provider's name, 503 when the provider could not be asked)",
    // the query is the provider's (Paymob signs in `?hmac=`): its adapter reads it
    params: ProviderParams,
    consumes: ['application/json', '*/*'],
    status: 200,
    answer: WebhookAnswerSchema,
    errors: [400, 404, 503],
  }),
  paymentReturn: endpoint(routes.paymentReturn, {
    summary: "Where the active payment provider sends the shopper back, as Paymob's return: the order is checked with the provider and the shopper goes on to the order's page",
    params: ProviderParams,
    query: ReturnQuery,
    status: 303,
    answer: z.string().meta({ description: "empty; Location: the order's page" }),
    errors: [404],
  }),
  paymobReturn: endpoint(routes.paymobReturn, {
    summary: "Where Paymob sends the shopper back: the order is checked with Paymob (the address proves nothing) and the shopper goes on to the order's page",
    query: ReturnQuery,
    status: 303,
    answer: z.string().meta({ description: "empty; Location: the order's page" }),
    errors: [404],
  }),
};
