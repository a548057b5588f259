import type { Gender } from '@shop/core/constants';
import type { Product } from '@shop/core/schemas';
import { apiSend } from '../../../lib/api-client.ts';
import { refreshShopProducts } from './admin-cache.ts';

export interface ProductUpdate {
  name: string;
  description: string;
  price: number;
  disCountPrecent: number;
  category: string;
  gender: Gender;
  images: string[];
}

export async function updateProduct(productId: string, update: ProductUpdate): Promise<Product> {
  const product = await apiSend<Product>('PUT', `/api/products/update/${encodeURIComponent(productId)}`, update);
  refreshShopProducts();
  return product;
}
