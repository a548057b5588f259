import type { AnswerOf, BodyOf, CountedEndpointName, EndpointName, ParamsOf, QueryOf } from '@shop/core/endpoints';
import { pathOf, routes } from '@shop/core/routes';
import { sessionStore } from './session.ts';
import { getLang } from './i18n.ts';

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'blob': an answer that is a file (a spreadsheet), not JSON */
  as?: 'json' | 'blob';
}

export interface ApiAnswer<T> {
  data: T;
  headers: Headers;
}

let unauthorizedHandler: (() => void) | null = null;

/** The app shell decides what a rejected token means for the shopper (log out, tell them). */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

const FALLBACK_MESSAGE = 'Something went wrong, please try again';

async function readMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
      return (body as { message: string }).message;
    }
  } catch {
    // not JSON: fall through to the status text
  }
  return response.statusText || FALLBACK_MESSAGE;
}

/** fetch for the shop's JSON API: parsed JSON on 2xx, an ApiError with the server's message otherwise. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const user = sessionStore.get();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (user) headers.Authorization = `Bearer ${user.token}`;
  // the API's sentences in the shop's language, not the browser's
  headers['Accept-Language'] = getLang();

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'We could not reach the shop, please check your connection');
  }

  if (!response.ok) {
    const message = await readMessage(response);
    if (response.status === 401 && user && sessionStore.get()?.token === user.token) unauthorizedHandler?.();
    throw new ApiError(response.status, message);
  }
  const data = (response.status === 204 ? null : options.as === 'blob' ? await response.blob() : await response.json()) as T;
  return { data, headers: response.headers };
}

type Part<K extends string, T> = [T] extends [never] ? { [P in K]?: never } : { [P in K]: T };

/** What a call takes: its path parameters, query and body as the shared contract (shop-core) types them. */
export type CallInput<N extends EndpointName> = Part<'params', ParamsOf<N>> &
  Partial<Part<'query', QueryOf<N>>> &
  Part<'body', BodyOf<N>> & { headers?: Record<string, string>; signal?: AbortSignal };

type InputArgs<N extends EndpointName> = object extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

function send<N extends EndpointName>(name: N, input: CallInput<N> | undefined) {
  const route = routes[name];
  const { params, query, body, headers, signal } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, string | number | undefined>;
    body?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };
  return apiRequest<AnswerOf<N>>(pathOf(route, params, query), { method: route.method, body, headers, signal });
}

/** One call of the API by its name in the contract: `call('getProduct', { params: { x: name } })`. */
export async function call<N extends EndpointName>(name: N, ...[input]: InputArgs<N>): Promise<AnswerOf<N>> {
  return (await send(name, input)).data;
}

/** A list call with its full count from the X-Total-Count header. */
export async function callPage<N extends CountedEndpointName>(
  name: N,
  ...[input]: InputArgs<N>
): Promise<{ items: AnswerOf<N>; total: number }> {
  const { data, headers } = await send(name, input);
  const total = Number(headers.get('X-Total-Count'));
  return { items: data, total: Number.isFinite(total) && headers.has('X-Total-Count') ? total : data.length };
}
