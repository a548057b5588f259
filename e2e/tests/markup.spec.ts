// Markup typed by someone else (a product name, a search) is shown as text, never run as HTML, under the
// server's Content-Security-Policy (the fixture fails on any console error, a CSP violation included).
import { DEMO, expect, test } from './fixtures.ts';

const MARKUP = `<img src=x onerror="window.__pwned=1"><b>Bold</b>`;

test('a product name and a search holding markup render as text', async ({ page, request }, testInfo) => {
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const login = await request.post('/api/auth/login', { data: DEMO.admin });
  const token = (await login.json()).token as string;
  const headers = { authorization: `Bearer ${token}` };
  const category = `Markup ${tag}`;
  expect((await request.post('/api/categories/add-category', { headers, data: { title: category, gender: 'women' } })).status()).toBe(201);
  const existing = (await (await request.get('/api/products?limit=1')).json())[0].images[0] as string;
  const name = `${MARKUP} ${tag}`;
  const created = await request.post('/api/products/add-product', {
    headers,
    data: { name, description: `${MARKUP} described`, price: 100, disCountPrecent: 0, gender: 'women', category, imageUrls: [existing] },
  });
  expect(created.status()).toBe(201);

  await page.goto(`/products/${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('main b')).toHaveCount(0);

  await page.goto(`/shop/search?search=${encodeURIComponent(MARKUP)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(MARKUP);
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  const product = (await (await request.get(`/api/products/${encodeURIComponent(name)}`)).json()) as { _id: string };
  await request.delete(`/api/products/delete/${product._id}`, { headers });
  const categories = (await (await request.get('/api/categories')).json()) as { _id: string; title: string }[];
  await request.delete(`/api/categories/delete/${categories.find((c) => c.title === category)!._id}`, { headers });
});
