import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { PrimedQuery } from '@shop/core/pages';
import { ApiError } from './api-client.ts';

// A small cache for GET answers: one entry per key, shared by every component that reads it,
// refetched when stale. Enough for a shop; no library on the home page's first load.

export interface QueryState<T> {
  data: T | undefined;
  error: Error | undefined;
  status: 'idle' | 'loading' | 'success' | 'error';
  fetchedAt: number;
}

interface Entry<T> {
  state: QueryState<T>;
  fetcher?: (signal: AbortSignal) => Promise<T>;
  inflight?: Promise<void>;
  controller?: AbortController;
  listeners: Set<() => void>;
  /** filled from a server-rendered page: fresh for its `staleMs` even when it holds the API's error (a 404) */
  primed?: boolean;
}

const IDLE: QueryState<never> = { data: undefined, error: undefined, status: 'idle', fetchedAt: 0 };
const cache = new Map<string, Entry<unknown>>();

function entryFor<T>(key: string): Entry<T> {
  let entry = cache.get(key) as Entry<T> | undefined;
  if (!entry) {
    entry = { state: IDLE, listeners: new Set() };
    cache.set(key, entry as Entry<unknown>);
  }
  return entry;
}

function update<T>(key: string, state: QueryState<T>): void {
  const entry = entryFor<T>(key);
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

export function fetchQuery<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>): Promise<void> {
  const entry = entryFor<T>(key);
  entry.fetcher = fetcher;
  entry.primed = false;
  if (entry.inflight) return entry.inflight;
  const controller = new AbortController();
  entry.controller = controller;
  update<T>(key, { ...entry.state, status: entry.state.data === undefined ? 'loading' : entry.state.status, error: undefined });
  entry.inflight = fetcher(controller.signal)
    .then((data) => {
      if (!controller.signal.aborted) update<T>(key, { data, error: undefined, status: 'success', fetchedAt: Date.now() });
    })
    .catch((error: unknown) => {
      if (controller.signal.aborted) return;
      update<T>(key, {
        ...entry.state,
        error: error instanceof Error ? error : new Error(String(error)),
        status: 'error',
        fetchedAt: Date.now(),
      });
    })
    .finally(() => {
      if (entry.controller === controller) {
        entry.inflight = undefined;
        entry.controller = undefined;
      }
    });
  return entry.inflight;
}

export interface QueryResult<T> extends QueryState<T> {
  isLoading: boolean;
  refetch: () => Promise<void>;
}

/** Reads `key` from the cache and fetches it when missing or older than `staleMs`. A null key waits. */
export function useQuery<T>(
  key: string | null,
  fetcher: (signal: AbortSignal) => Promise<T>,
  { staleMs = 30_000 }: { staleMs?: number } = {},
): QueryResult<T> {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (key === null) return () => undefined;
      const entry = entryFor<T>(key);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [key],
  );
  const getSnapshot = useCallback(() => (key === null ? (IDLE as QueryState<T>) : entryFor<T>(key).state), [key]);
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  useEffect(() => {
    if (key === null) return;
    const entry = entryFor<T>(key);
    // an entry the server's page primed has no fetcher yet: an invalidation would drop it instead of reading it again
    entry.fetcher ??= fetcher;
    const fresh = (entry.state.status === 'success' || entry.primed) && Date.now() - entry.state.fetchedAt < staleMs;
    if (!fresh && !entry.inflight) void fetchQuery(key, fetcher);
    // the fetcher is derived from the key; a new closure for the same key must not refetch
  }, [key, staleMs]);

  const refetch = useCallback(() => (key === null ? Promise.resolve() : fetchQuery(key, fetcher)), [key, fetcher]);
  return {
    ...state,
    isLoading: key !== null && state.data === undefined && state.status !== 'error',
    refetch,
  };
}

export function getQueryData<T>(key: string): T | undefined {
  return (cache.get(key) as Entry<T> | undefined)?.state.data;
}

export function setQueryData<T>(key: string, updater: T | ((previous: T | undefined) => T)): void {
  const entry = entryFor<T>(key);
  const data = typeof updater === 'function' ? (updater as (previous: T | undefined) => T)(entry.state.data) : updater;
  update<T>(key, { data, error: undefined, status: 'success', fetchedAt: Date.now() });
}

/** Refetches watched entries whose key starts with `prefix`; drops the unwatched ones. */
export function invalidateQueries(prefix: string): void {
  for (const [key, entry] of cache) {
    if (!key.startsWith(prefix)) continue;
    entry.controller?.abort();
    entry.inflight = undefined;
    entry.controller = undefined;
    if (entry.listeners.size > 0 && entry.fetcher) void fetchQuery(key, entry.fetcher);
    else cache.delete(key);
  }
}

/** Forgets entries (e.g. everything a logged-out visitor must not see). */
export function removeQueries(prefix: string): void {
  for (const [key, entry] of cache) {
    if (!key.startsWith(prefix)) continue;
    entry.controller?.abort();
    entry.inflight = undefined;
    entry.controller = undefined;
    update(key, IDLE);
    if (entry.listeners.size === 0) cache.delete(key);
  }
}

/** Fills the cache with what a server-rendered page carried, before hydrating (and on the server, before rendering). */
export function primeQueries(entries: readonly PrimedQuery[]): void {
  const now = Date.now();
  for (const primed of entries) {
    const entry = entryFor<unknown>(primed.key);
    entry.primed = true;
    entry.state = 'error' in primed
      ? { data: undefined, error: new ApiError(primed.error.status, primed.error.message), status: 'error', fetchedAt: now }
      : { data: primed.data, error: undefined, status: 'success', fetchedAt: now };
  }
}

/** Empties the cache: the server does after each page it renders, so no page sees another one's data. */
export function clearQueries(): void {
  cache.clear();
}
