/** A page of a list: how many rows, from which. */
export interface Page {
  limit: number;
  offset: number;
}

/**
 * The rows at [offset, offset + limit) of a newest-first list of `total`, read from whichever end of the index is
 * nearer: the last pages (an admin's "oldest first") cost what the first ones do, not a walk past every newer row.
 */
export function fromNearerEnd(page: Page, total: number): { limit: number; offset: number; reversed: boolean } | null {
  if (page.offset >= total) return null;
  const limit = Math.min(page.limit, total - page.offset);
  const fromOldest = total - page.offset - limit;
  return fromOldest < page.offset ? { limit, offset: fromOldest, reversed: true } : { limit, offset: page.offset, reversed: false };
}
