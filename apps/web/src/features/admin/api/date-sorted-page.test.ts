import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PAGE_SIZE, getDateSortedPage } from './date-sorted-page.ts';

// A fake API holding `total` rows, newest first (row 0 is the newest), paged like the real one.
function serve(total: number) {
  const rows = Array.from({ length: total }, (_, index) => ({ position: index }));
  const fetchMock = vi.fn(async (url: string) => {
    const query = new URL(url, 'http://shop.test').searchParams;
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    const body = rows.slice((page - 1) * limit, page * limit);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'X-Total-Count': String(total) } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

// the fake rows stand in for users: only their position matters here
const positions = (items: unknown[]) => items.map((item) => (item as { position: number }).position);

describe('getDateSortedPage', () => {
  it('passes newest first straight through', async () => {
    serve(45);
    const page = await getDateSortedPage('listUsers', 2, 'newest');
    expect(page.total).toBe(45);
    expect(positions(page.items)).toEqual(Array.from({ length: ADMIN_PAGE_SIZE }, (_, index) => ADMIN_PAGE_SIZE + index));
  });

  it('sorts oldest first over the whole list, not just one page', async () => {
    serve(45);
    const first = await getDateSortedPage('listUsers', 1, 'oldest');
    expect(positions(first.items)).toEqual(Array.from({ length: 20 }, (_, index) => 44 - index));
    const second = await getDateSortedPage('listUsers', 2, 'oldest');
    expect(positions(second.items)).toEqual(Array.from({ length: 20 }, (_, index) => 24 - index));
    const last = await getDateSortedPage('listUsers', 3, 'oldest');
    expect(positions(last.items)).toEqual([4, 3, 2, 1, 0]);
    expect(last.total).toBe(45);
  });

  it('answers an empty page past the end', async () => {
    serve(3);
    expect(await getDateSortedPage('listUsers', 2, 'oldest')).toEqual({ items: [], total: 3 });
  });
});
