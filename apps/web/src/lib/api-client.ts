import { sessionStore } from './session.ts';

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
  const data = (response.status === 204 ? null : await response.json()) as T;
  return { data, headers: response.headers };
}

export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await apiRequest<T>(path, { signal })).data;
}

export async function apiSend<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  return (await apiRequest<T>(path, { method, body, headers })).data;
}

/** A list answer with its full count from the X-Total-Count header. */
export async function apiGetPage<T>(path: string, signal?: AbortSignal): Promise<{ items: T[]; total: number }> {
  const { data, headers } = await apiRequest<T[]>(path, { signal });
  const total = Number(headers.get('X-Total-Count'));
  return { items: data, total: Number.isFinite(total) && headers.has('X-Total-Count') ? total : data.length };
}
