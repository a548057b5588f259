// The admin writes a product's and a category's Arabic names (issue 18, PRODUCT.md section 7 "Arabic"): the inputs
// are right to left and in Arabic, optional, and what is typed is what the API answers.
import { call } from './api.ts';
import { expect, test } from './fixtures.ts';
import { adminAccount, runTag, useSession } from './shop-api.ts';

test('the admin adds a category and a product with their Arabic names, and edits them', async ({ page, request, context, baseURL, shot }, testInfo) => {
  test.setTimeout(120_000);
  const tag = runTag(testInfo);
  const admin = await adminAccount(request);
  await useSession(context, baseURL!, admin);
  const dashboard = `/dashboard/${encodeURIComponent(admin.username)}`;
  const categoryTitle = `Kaftans ${tag}`;
  const productName = `Linen Kaftan ${tag}`;
  const nameAr = `قفطان كتان ${tag}`;
  const descriptionAr = 'قفطان واسع من الكتان الخالص بفتحة رقبة عريضة، للأمسيات الدافئة.';
  // a picture the server already serves (the browser has no network)
  const image = (await call(request, 'listProducts', { query: { limit: 1 } }))[0]!.images[0]!;

  await page.goto(`${dashboard}/add-category`);
  const titleAr = page.getByLabel('Name in Arabic');
  await expect(titleAr).toHaveAttribute('dir', 'rtl');
  await expect(titleAr).toHaveAttribute('lang', 'ar');
  await page.getByLabel('Gender').selectOption('women');
  await page.getByLabel('Name', { exact: true }).fill(categoryTitle);
  await titleAr.fill('قفاطين');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page).toHaveURL(`${dashboard}/categories`);
  const category = (await call(request, 'listCategories')).find((c) => c.title === categoryTitle);
  expect(category).toMatchObject({ gender: 'women', titleAr: 'قفاطين' });

  await page.goto(`${dashboard}/add-product`);
  for (const label of ['Name in Arabic', 'Description in Arabic']) {
    await expect(page.getByLabel(label)).toHaveAttribute('dir', 'rtl');
    await expect(page.getByLabel(label)).toHaveAttribute('lang', 'ar');
    await expect(page.getByLabel(label)).not.toHaveAttribute('required');
  }
  await page.getByLabel('Name', { exact: true }).fill(productName);
  await page.getByLabel('Description', { exact: true }).fill('A loose linen kaftan with a wide neckline, for warm evenings.');
  await page.getByLabel('Name in Arabic').fill(nameAr);
  await page.getByLabel('Description in Arabic').fill(descriptionAr);
  await page.getByLabel('Price (EGP)').fill('750');
  await page.getByLabel('Gender').selectOption('women');
  await page.getByLabel('Category').selectOption(categoryTitle);
  await page.getByLabel('Image link').fill(image);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await shot('admin-add-product-arabic');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(`${dashboard}/products`);

  const added = await call(request, 'getProduct', { params: { x: productName } });
  expect(added).toMatchObject({ name: productName, nameAr, descriptionAr, category: categoryTitle });

  // The update form shows them; a blank Arabic description is cleared, the name kept.
  await page.goto(`/products/${encodeURIComponent(productName)}/update`);
  await expect(page.getByLabel('Name in Arabic')).toHaveValue(nameAr);
  await expect(page.getByLabel('Description in Arabic')).toHaveValue(descriptionAr);
  await page.getByLabel('Description in Arabic').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(`${dashboard}/products`);
  const updated = await call(request, 'getProduct', { params: { x: productName } });
  expect(updated.nameAr).toBe(nameAr);
  expect(updated).not.toHaveProperty('descriptionAr');
});
