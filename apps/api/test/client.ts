// The API tests' typed client: a call by its name in the shared contract (packages/shop-core/src/endpoints.ts),
// sent through app.inject. `answer` is the body read through the endpoint's answer schema, so a test that reads an
// answer also checks the contract's shape.
import { isDeepStrictEqual } from 'node:util';
import type { InjectOptions } from 'fastify';
import type { z } from 'zod';
import { endpoints, type AnswerOf, type EndpointName } from '@shop/core/endpoints';
import { pathOf } from '@shop/core/routes';
import type { App } from '../src/app.ts';
import { getApp } from './helpers.ts';

type Endpoints = typeof endpoints;
// What a test may send: the schema's input side (a quantity may be the string "3", as browsers send it).
type InputPart<N extends EndpointName, K extends 'params' | 'query' | 'body'> = Endpoints[N] extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.input<S>
  : never;

type Part<K extends string, T> = [T] extends [never] ? { [P in K]?: never } : { [P in K]: T };
type OptionalPart<K extends string, T> = Partial<Part<K, T>>;

type Scalar = string | number | boolean | null | undefined;

export type ApiInput<N extends EndpointName> = Part<'params', InputPart<N, 'params'>> &
  OptionalPart<'query', InputPart<N, 'query'>> &
  OptionalPart<'body', InputPart<N, 'body'>> & {
    /** A signed-in call: sent as `Authorization: Bearer <token>`. */
    token?: string;
    headers?: Record<string, string>;
    /**
     * The escape hatch for bad-input tests: a request body sent as it is (an object is sent as JSON, a string or
     * Buffer as its bytes), with no type to match. Everything else sends `body`.
     */
    payload?: unknown;
    /** Path parameters or a query the contract does not allow (a bad-input test); sent as they are. */
    rawParams?: Record<string, string>;
    rawQuery?: Record<string, Scalar>;
    /** Another app than the shared one (other settings, see buildAppWith). */
    app?: App;
    remoteAddress?: string;
  };

type InputArgs<N extends EndpointName> = object extends ApiInput<N> ? [input?: ApiInput<N>] : [input: ApiInput<N>];

/** One answer of the API. */
export class ApiResponse<N extends EndpointName> {
  readonly name: N;
  readonly status: number;
  readonly headers: Record<string, string | string[] | number | undefined>;
  /** The body as sent. */
  readonly text: string;
  /** The body as parsed JSON, unchecked: for comparing an answer whole, or reading an answer that is not JSON. */
  readonly body: unknown;

  constructor(name: N, status: number, headers: ApiResponse<N>['headers'], text: string) {
    this.name = name;
    this.status = status;
    this.headers = headers;
    this.text = text;
    this.body = parseJson(text);
  }

  /**
   * The success answer, parsed through the endpoint's answer schema. A test reading it from any other status, or
   * an answer whose shape is not the contract's (a missing, wrong or undeclared field), fails here with the reason.
   */
  get answer(): AnswerOf<N> {
    return checkedAnswer(this.name, this.status, this.body, this.text);
  }

  /** The `{ message }` of an answer (an error's, or a success's that carries one). */
  get message(): string {
    const message = bodyMessage(this.body);
    if (typeof message !== 'string') throw new Error(`${this.name} answered ${this.status} without a message: ${this.text.slice(0, 200)}`);
    return message;
  }

  /** The number of rows a list call has in all (its X-Total-Count header). */
  get total(): number {
    const header = this.headers['x-total-count'];
    if (header === undefined) throw new Error(`${this.name} answered without X-Total-Count`);
    return Number(header);
  }
}

// Overloaded so the contract's type comes out of a check that works on any endpoint.
function checkedAnswer<N extends EndpointName>(name: N, status: number, body: unknown, text: string): AnswerOf<N>;
function checkedAnswer(name: EndpointName, status: number, body: unknown, text: string): unknown {
  const endpoint = endpoints[name];
  if (status !== endpoint.status) {
    const message = bodyMessage(body);
    throw new Error(`${name} answered ${status} (not ${endpoint.status}): ${typeof message === 'string' ? message : text.slice(0, 200)}`);
  }
  const parsed = endpoint.answer.safeParse(body);
  if (!parsed.success) throw new Error(`${name}'s answer is not the contract's: ${parsed.error.message}\n${text.slice(0, 500)}`);
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), body)) {
    throw new Error(`${name}'s answer has fields the contract does not declare: ${text.slice(0, 500)}`);
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function bodyMessage(body: unknown): unknown {
  return body !== null && typeof body === 'object' && 'message' in body ? body.message : undefined;
}

function strings(values: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(typeof values === 'object' && values !== null ? values : {}).map(([key, value]) => [key, String(value)]));
}

function scalar(value: unknown): Scalar {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function scalars(values: unknown): Record<string, Scalar> {
  return Object.fromEntries(Object.entries(typeof values === 'object' && values !== null ? values : {}).map(([key, value]) => [key, scalar(value)]));
}

function toPayload(value: unknown): InjectOptions['payload'] {
  if (typeof value === 'string' || (typeof value === 'object' && value !== null)) return value;
  return JSON.stringify(value);
}

interface LooseInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  payload?: unknown;
  token?: string;
  headers?: Record<string, string>;
  rawParams?: Record<string, string>;
  rawQuery?: Record<string, Scalar>;
  app?: App;
  remoteAddress?: string;
}

/** The address of a call, as the contract builds it: `url('getProduct', { params: { x: 'Linen Dress' } })`. */
export function url<N extends EndpointName>(name: N, ...[input]: InputArgs<N>): string;
export function url(name: EndpointName, input: LooseInput = {}): string {
  return address(name, input);
}

function address(name: EndpointName, input: LooseInput): string {
  return pathOf(endpoints[name], { ...strings(input.params), ...input.rawParams }, { ...scalars(input.query), ...input.rawQuery });
}

/** One call of the API by its name in the contract: `await api('getProduct', { params: { x: id } })`. */
export async function api<N extends EndpointName>(name: N, ...[input]: InputArgs<N>): Promise<ApiResponse<N>>;
export async function api(name: EndpointName, input: LooseInput = {}): Promise<ApiResponse<EndpointName>> {
  const app = input.app ?? (await getApp());
  const endpoint = endpoints[name];
  const headers: Record<string, string> = { ...input.headers };
  if (input.token !== undefined) headers.authorization = `Bearer ${input.token}`;
  const options: InjectOptions = { method: endpoint.method, url: address(name, input), headers };
  if (input.remoteAddress) options.remoteAddress = input.remoteAddress;
  if ('payload' in input) options.payload = toPayload(input.payload);
  else if (input.body !== undefined) options.payload = toPayload(input.body);
  const response = await app.inject(options);
  return new ApiResponse(name, response.statusCode, response.headers, response.body);
}

/**
 * A response a test sent itself with app.inject (a table of raw requests, a malformed body), read as `name`'s
 * answer through the contract, like `api(...).answer`.
 */
export function answerOf<N extends EndpointName>(name: N, response: { statusCode: number; body: string }): AnswerOf<N> {
  return checkedAnswer(name, response.statusCode, parseJson(response.body), response.body);
}

/** The `{ message }` of a response a test sent itself with app.inject. */
export function messageOf(response: { statusCode: number; body: string }): string {
  return new ApiResponse('health', response.statusCode, {}, response.body).message;
}
