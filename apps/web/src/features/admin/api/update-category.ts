import type { BodyOf } from '@shop/core/endpoints';
import type { Category } from '@shop/core/contract/catalog';
import { call } from '../../../lib/api-client.ts';
import { updateCachedCategories } from '../../../lib/categories.ts';

/** A category's Arabic title and size guide; the cached list shows the change at once. */
export async function updateCategory(id: string, change: BodyOf<'updateCategory'>): Promise<Category> {
  const { message: _message, ...category } = await call('updateCategory', { params: { id }, body: change });
  updateCachedCategories((categories) => categories.map((other) => (other._id === category._id ? category : other)));
  return category;
}
