import type { Product } from '@shop/core/contract/catalog';
import { call } from '../../../lib/api-client.ts';
import { getQueryData, setQueryData } from '../../../lib/query.ts';
import { refreshShopProducts } from './admin-cache.ts';
import type { ListPage } from './date-sorted-page.ts';

/** Deletes a product; the shown list loses its row at once, then every product list is read again. */
export async function deleteProduct(productId: string, shownListKey?: string): Promise<void> {
  await call('deleteProduct', { params: { x: productId } });
  if (shownListKey && getQueryData<ListPage<Product>>(shownListKey)) {
    setQueryData<ListPage<Product>>(shownListKey, (list) => ({
      items: list!.items.filter((product) => product._id !== productId),
      total: Math.max(0, list!.total - 1),
    }));
  }
  refreshShopProducts();
}
