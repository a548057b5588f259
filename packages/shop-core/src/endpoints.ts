// The wire contract, one entry per call: its route (routes.ts), what it takes and answers, and every error
// status it can give, written by area in endpoints/<area>.ts with the schemas of contract/<area>.ts. The API registers
// its routes from these, /api/openapi.json is generated from them, and the storefront's and the tests' clients take
// their types from them. A new call is a line in routes.ts and an entry in its area's file.
import type { z } from 'zod';
import type { RouteName } from './routes.ts';
import { systemEndpoints } from './endpoints/system.ts';
import { accountsEndpoints } from './endpoints/accounts.ts';
import { catalogEndpoints } from './endpoints/catalog.ts';
import { reviewsEndpoints } from './endpoints/reviews.ts';
import { cartEndpoints } from './endpoints/cart.ts';
import { deliveryEndpoints } from './endpoints/delivery.ts';
import { couponsEndpoints } from './endpoints/coupons.ts';
import { ordersEndpoints } from './endpoints/orders.ts';
import { paymentsEndpoints } from './endpoints/payments.ts';
import { settingsEndpoints } from './endpoints/settings.ts';
import { reportsEndpoints } from './endpoints/reports.ts';
import { privacyEndpoints } from './endpoints/privacy.ts';
import { marketingEndpoints } from './endpoints/marketing.ts';
import { messagingEndpoints } from './endpoints/messaging.ts';
import { shippingEndpoints } from './endpoints/shipping.ts';
import { returnsEndpoints } from './endpoints/returns.ts';
import type { Endpoint, ErrorStatus } from './endpoints/endpoint.ts';

export const endpoints = {
  ...systemEndpoints,
  ...accountsEndpoints,
  ...catalogEndpoints,
  ...reviewsEndpoints,
  ...cartEndpoints,
  ...deliveryEndpoints,
  ...couponsEndpoints,
  ...ordersEndpoints,
  ...paymentsEndpoints,
  ...settingsEndpoints,
  ...reportsEndpoints,
  ...privacyEndpoints,
  ...marketingEndpoints,
  ...messagingEndpoints,
  ...shippingEndpoints,
  ...returnsEndpoints,
} satisfies { [N in RouteName]: Endpoint };

export type EndpointName = keyof typeof endpoints;
type EndpointOf<N extends EndpointName> = (typeof endpoints)[N];
type Part<N extends EndpointName, K extends 'params' | 'query' | 'body', Side extends 'input' | 'output' = 'output'> =
  EndpointOf<N> extends { [P in K]: infer S extends z.ZodType } ? (Side extends 'input' ? z.input<S> : z.output<S>) : never;

/** What a call answers on success. */
export type AnswerOf<N extends EndpointName> = z.output<EndpointOf<N>['answer']>;
/** A call's path parameters, query and body, as the server reads them after validation. */
export type ParamsOf<N extends EndpointName> = Part<N, 'params'>;
export type QueryOf<N extends EndpointName> = Part<N, 'query'>;
export type BodyOf<N extends EndpointName> = Part<N, 'body'>;
/** What a client may send as a call's path parameters, query or body: its schema's input side (before coercion and defaults). */
export type InputOf<N extends EndpointName, K extends 'params' | 'query' | 'body'> = Part<N, K, 'input'>;
export type CountedEndpointName = { [N in EndpointName]: EndpointOf<N> extends { counted: true } ? N : never }[EndpointName];

/** Every status a call can answer besides its success: its own, plus what its inputs and access imply. */
export function errorStatuses(endpoint: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors);
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.consumes) statuses.add(400);
  if (endpoint.access !== 'public') statuses.add(401);
  if (endpoint.access === 'admin' || endpoint.access === 'staff') statuses.add(403);
  if (endpoint.body || endpoint.consumes) {
    statuses.add(413); // over the size limit
    statuses.add(415); // a content type the API does not read
  }
  statuses.add(500);
  if (endpoint !== endpoints.health) statuses.add(503); // the database is unreachable
  return [...statuses].sort((a, b) => a - b);
}
