// The journeys' calls of the API, by their name in the shared contract (packages/shop-core/src/endpoints.ts),
// with answers read through the contract's schemas: no shape is written twice.
import { expect, type APIRequestContext } from '@playwright/test';
import { endpoints, type AnswerOf, type CountedEndpointName, type EndpointName } from '@shop/core/endpoints';
import { account, type AccountFields } from '@shop/core/factories';
import { pathOf } from '@shop/core/routes';
import type { z } from 'zod';

export interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  token?: string;
}

/** What `name` takes as its body, typed by the contract (what a browser may send: its schema's input side). */
type BodyInput<N extends EndpointName> = (typeof endpoints)[N] extends { body: infer S extends z.ZodType } ? z.input<S> : never;
export type TypedInput<N extends EndpointName> = Omit<CallInput, 'body'> & { body?: BodyInput<N> };

function send(request: APIRequestContext, name: EndpointName, input: CallInput) {
  const endpoint = endpoints[name];
  return request.fetch(pathOf(endpoint, input.params, input.query), {
    method: endpoint.method,
    ...(input.body === undefined ? {} : { data: input.body }),
    ...(input.token ? { headers: { Authorization: `Bearer ${input.token}` } } : {}),
  });
}

/** One call that must succeed; answers its parsed answer. */
export async function call<N extends EndpointName>(request: APIRequestContext, name: N, input?: TypedInput<N>): Promise<AnswerOf<N>>;
export async function call(request: APIRequestContext, name: EndpointName, input: CallInput = {}): Promise<unknown> {
  const endpoint = endpoints[name];
  const response = await send(request, name, input);
  expect(response.status(), `${name}: ${await response.text()}`).toBe(endpoint.status);
  return endpoint.answer.parse(await response.json());
}

/** The status of a call that may fail (a refusal the journey checks). */
export async function statusOf<N extends EndpointName>(request: APIRequestContext, name: N, input: TypedInput<N> = {}): Promise<number> {
  return (await send(request, name, input)).status();
}

export type Customer = AccountFields & { id: string; token: string };

/** A customer of this run, registered and logged in through the API. */
export async function registerCustomer(request: APIRequestContext, overrides: Partial<AccountFields> = {}): Promise<Customer> {
  const fields = account(overrides);
  await call(request, 'register', { body: fields });
  const { id, token } = await call(request, 'login', { body: { email: fields.email, password: fields.password } });
  return { ...fields, id, token };
}

/** A list call that must succeed, with its full count from X-Total-Count. */
export async function callPage<N extends CountedEndpointName>(request: APIRequestContext, name: N, input?: CallInput): Promise<{ items: AnswerOf<N>; total: number }>;
export async function callPage(request: APIRequestContext, name: CountedEndpointName, input: CallInput = {}): Promise<{ items: unknown; total: number }> {
  const endpoint = endpoints[name];
  const response = await send(request, name, input);
  expect(response.status(), `${name}: ${await response.text()}`).toBe(endpoint.status);
  return { items: endpoint.answer.parse(await response.json()), total: Number(response.headers()['x-total-count']) };
}
