import { call } from './api.ts';
import { PRODUCTS } from './catalog.ts';
import { expect, test } from './fixtures.ts';

test('the shop serves its home page and its catalog', async ({ page, request }) => {
  // the catalog the journeys made (catalog.setup.ts), read through the contract's answer schema
  const products = await call(request, 'listProducts');
  expect(products.length).toBeGreaterThanOrEqual(PRODUCTS.length);
  await page.goto('/');
  await expect(page).toHaveTitle(/./);
});
