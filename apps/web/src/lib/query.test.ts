import { describe, expect, it } from 'vitest';
import { fetchQuery, getQueryData, invalidateQueries, removeQueries, setQueryData } from './query.ts';

describe('query cache', () => {
  it('deduplicates concurrent fetches of one key', async () => {
    let calls = 0;
    const fetcher = async () => {
      calls += 1;
      return [1, 2, 3];
    };
    await Promise.all([fetchQuery('t:list', fetcher), fetchQuery('t:list', fetcher)]);
    expect(calls).toBe(1);
    expect(getQueryData('t:list')).toEqual([1, 2, 3]);
  });

  it('keeps the last data when a refetch fails', async () => {
    await fetchQuery('t:keep', async () => 'first');
    await fetchQuery('t:keep', async () => {
      throw new Error('offline');
    });
    expect(getQueryData('t:keep')).toBe('first');
  });

  it('updates data locally and forgets keys by prefix', async () => {
    setQueryData<number[]>('cart:u1', [1]);
    setQueryData<number[]>('cart:u1', (items) => [...(items ?? []), 2]);
    expect(getQueryData('cart:u1')).toEqual([1, 2]);
    removeQueries('cart:');
    expect(getQueryData('cart:u1')).toBeUndefined();
  });

  it('drops unwatched entries on invalidation so the next reader refetches', async () => {
    await fetchQuery('t:stale', async () => 1);
    invalidateQueries('t:stale');
    expect(getQueryData('t:stale')).toBeUndefined();
  });
});
