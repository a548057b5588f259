import { expect, test } from './fixtures.ts';

test('the shop serves its home page and its catalog', async ({ page, request }) => {
  const products = await request.get('/api/products');
  expect(products.ok()).toBe(true);
  expect((await products.json()).length).toBeGreaterThanOrEqual(40);
  await page.goto('/');
  await expect(page).toHaveTitle(/./);
});
