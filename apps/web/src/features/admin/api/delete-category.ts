import { apiSend } from '../../../lib/api-client.ts';
import { updateCachedCategories } from '../../../lib/categories.ts';

export async function deleteCategory(categoryId: string): Promise<void> {
  await apiSend<{ message: string }>('DELETE', `/api/categories/delete/${encodeURIComponent(categoryId)}`);
  updateCachedCategories((categories) => categories.filter((category) => category._id !== categoryId));
}
