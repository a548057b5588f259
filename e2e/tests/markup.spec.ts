// Markup typed by someone else (a product name, a search) is shown as text, never run as HTML, under the
// server's Content-Security-Policy (the fixture fails on any console error, a CSP violation included).
import { categoryFields, productFields } from '@shop/core/factories';
import { adminAccount, call, runTag } from './api.ts';
import { IMAGE } from './catalog.ts';
import { expect, productPath, test } from './fixtures.ts';

const MARKUP = `<img src=x onerror="window.__pwned=1"><b>Bold</b>`;

test('a product name and a search holding markup render as text', async ({ page, request }, testInfo) => {
  const tag = runTag(testInfo);
  const { token } = await adminAccount(request);
  const category = await call(request, 'addCategory', { body: categoryFields({ title: `Markup ${tag}`, gender: 'women' }), token });
  const name = `${MARKUP} ${tag}`;
  const product = await call(request, 'addProduct', {
    body: { ...productFields({ name, description: `${MARKUP} described`, price: 100, gender: 'women', category: category.title }), imageUrls: [IMAGE] },
    token,
  });

  await page.goto(productPath(name));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('main b')).toHaveCount(0);

  await page.goto(`/shop/search?search=${encodeURIComponent(MARKUP)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(MARKUP);
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  await call(request, 'deleteProduct', { params: { x: product._id }, token });
  await call(request, 'deleteCategory', { params: { id: category._id }, token });
});
