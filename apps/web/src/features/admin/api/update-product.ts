import type { BodyOf } from '@shop/core/endpoints';
import type { Product } from '@shop/core/contract/catalog';
import { call } from '../../../lib/api-client.ts';
import { refreshShopProducts } from './admin-cache.ts';

export type ProductUpdate = BodyOf<'updateProduct'>;

export async function updateProduct(productId: string, update: ProductUpdate): Promise<Product> {
  const product = await call('updateProduct', { params: { x: productId }, body: update });
  refreshShopProducts();
  return product;
}
