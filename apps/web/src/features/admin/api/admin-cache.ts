import { invalidateQueries, removeQueries } from '../../../lib/query.ts';
import { sessionStore } from '../../../lib/session.ts';

// Every admin answer is cached under this prefix; none of it may outlive the admin's session.
export const ADMIN_KEY = 'admin:';

sessionStore.subscribe(() => {
  if (!sessionStore.get()?.isAdmin) removeQueries(ADMIN_KEY);
});

/** After a product changes, the shop's cached listings and product pages are read again. */
export function refreshShopProducts(): void {
  for (const prefix of ['shop:', 'products:', 'product:', 'related:', `${ADMIN_KEY}product`]) invalidateQueries(prefix);
}
