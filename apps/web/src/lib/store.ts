import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  /** What the server rendered with: React reads it while hydrating, then the browser's own value */
  getServer(): T;
  set(next: T | ((previous: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

/**
 * A value that React components can subscribe to; the whole app's client state is a few of these. `serverValue` is
 * what a server-rendered page holds (no visitor's session, no saved choice), so hydration matches it first.
 */
export function createStore<T>(initial: T, serverValue: T = initial): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    getServer: () => serverValue,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.getServer);
}
