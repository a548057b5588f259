import type { Gender } from '@shop/core/constants';
import type { Category, SizeGuide } from '@shop/core/contract/catalog';
import { call } from '../../../lib/api-client.ts';
import { updateCachedCategories } from '../../../lib/categories.ts';

export async function addCategory(title: string, gender: Gender, titleAr?: string | null, sizeGuide?: SizeGuide | null): Promise<Category> {
  const answer = await call('addCategory', { body: { title, gender, ...(titleAr ? { titleAr } : {}), ...(sizeGuide ? { sizeGuide } : {}) } });
  const { message: _message, ...category } = answer;
  updateCachedCategories((categories) => [...categories.filter((other) => other._id !== category._id), category]);
  return category;
}
