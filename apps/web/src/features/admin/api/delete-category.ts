import { call } from '../../../lib/api-client.ts';
import { updateCachedCategories } from '../../../lib/categories.ts';

export async function deleteCategory(categoryId: string): Promise<void> {
  await call('deleteCategory', { params: { id: categoryId } });
  updateCachedCategories((categories) => categories.filter((category) => category._id !== categoryId));
}
