// The admin's journey through the dashboard (issue 4), and the two ways it must refuse: people who are not
// the admin, and files that are not images.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { EndpointName } from '@shop/core/endpoints';
import { call, registerCustomer, runTag, statusOf, type CallInput } from './api.ts';
import { ADMIN, PRODUCTS } from './catalog.ts';
import { expect, expectToast, logIn, openMenu, productPath, test, toasts } from './fixtures.ts';
import { fillBilling, fillProductForm } from './forms.ts';
import { expectSizesFit } from './sizes-editor.ts';

async function logOut(page: Page, username: string) {
  await page.goto(`/account/${encodeURIComponent(username)}`);
  await page.getByRole('button', { name: /^Logout/ }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A product of the journeys' own catalog (catalog.setup.ts). */
function catalogProduct(request: APIRequestContext) {
  return call(request, 'getProduct', { params: { x: PRODUCTS[0]!.name } });
}

function dashboardNav(page: Page) {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

async function openWomenMenu(page: Page) {
  const menu = await openMenu(page);
  await menu.getByRole('tab', { name: 'Women' }).click();
  return menu;
}

/**
 * From the dashboard, whose bar is the desk's own (no storefront menu): to the shop by the bar's link, without a
 * reload, a look at the women's menu, and back to the dashboard.
 */
async function checkWomenMenuFromDesk(page: Page, check: (menu: Locator) => Promise<void>) {
  await page.getByRole('banner').getByRole('link', { name: 'View the shop' }).click();
  await expect(page).toHaveURL(/\/$/);
  const menu = await openWomenMenu(page);
  await check(menu);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.goBack();
  await expect(dashboardNav(page)).toBeVisible();
}

test('the admin manages categories, products and orders from the dashboard', async ({ page, request, shot }, testInfo) => {
  test.setTimeout(240_000);
  const run = runTag(testInfo);
  const categoryTitle = `Kaftans ${run}`;
  const productName = `Linen Kaftan ${run}`;
  const seeded = await catalogProduct(request);
  // a same-origin link: the browser has no network, and a link it cannot load would be a failed request
  const imageLink = seeded.images[0]!;
  const png = path.join(mkdtempSync(path.join(tmpdir(), 'admin-e2e-')), 'kaftan.png');
  writeFileSync(png, await sharp({ create: { width: 600, height: 800, channels: 3, background: '#c9a27e' } }).png().toBuffer());
  const customer = await registerCustomer(request);

  // The admin logs in and sees the hub's admin tiles, and no cart or wishlist on a product page.
  await page.goto('/');
  await logIn(page, ADMIN);
  await page.getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(`/account/${ADMIN.username}`);
  for (const tile of ['Users', 'Orders', 'Products', 'Add product', 'Categories', 'Add category', 'Account Details']) {
    await expect(page.getByRole('link', { name: new RegExp(`^${tile}\\b`) })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /^Wishlist/ })).toHaveCount(0);
  await shot('admin-hub');

  await page.goto(productPath(seeded.name));
  await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
  await expect(page.getByRole('button', { name: /add to cart/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /wishlist/i })).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveCount(0);

  // The side panel is read once, so the new category must reach it without a reload.
  const menu = await openWomenMenu(page);
  await expect(menu.getByRole('link', { name: 'Shop all women' })).toBeVisible();
  await expect(menu.getByRole('link', { name: categoryTitle })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Add a category for women: first the required fields, then the real thing.
  await page.getByRole('link', { name: 'My Account' }).click();
  await page.getByRole('link', { name: /^Add category/ }).click();
  await expect(page).toHaveURL(`/dashboard/${ADMIN.username}/add-category`);
  await page.getByRole('button', { name: 'Add category' }).click();
  await expectToast(page, 'Please fill out all required fields.');
  await page.getByLabel('Gender').selectOption('women');
  await page.getByLabel('Name', { exact: true }).fill(categoryTitle);
  await shot('admin-add-category');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expectToast(page, 'Category has been added');
  await expect(page).toHaveURL(`/dashboard/${ADMIN.username}/categories`);
  const categoryRow = page.getByRole('row').filter({ hasText: categoryTitle });
  await expect(categoryRow).toContainText('women');
  await shot('admin-categories');

  await checkWomenMenuFromDesk(page, async (shown) => {
    await expect(shown.getByRole('link', { name: categoryTitle })).toBeVisible();
  });

  // Add a product in it, meeting every rule of SPEC section 5 on the way.
  await dashboardNav(page).getByRole('link', { name: 'Add product' }).click();
  await expect(page).toHaveURL(`/dashboard/${ADMIN.username}/add-product`);
  const create = page.getByRole('button', { name: 'Create product' });
  await expectSizesFit(page);
  await create.click();
  await expectToast(page, 'Please fill out all required fields.');

  await fillProductForm(page, {
    name: productName, description: 'A loose linen kaftan with a wide neckline, for warm evenings.', price: '0', gender: 'women', category: categoryTitle,
  });
  await create.click();
  await expectToast(page, 'Price must be greater than zero.');

  await page.getByLabel('Price (EGP)').fill('500');
  await page.getByLabel('Discount (%)').fill('120');
  await create.click();
  await expectToast(page, 'Discount must be between 0 and 99.');

  await page.getByLabel('Discount (%)').fill('20');
  await create.click();
  await expectToast(page, 'Please choose images');

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, 'Image link is required');
  await page.getByLabel('Image link').fill(imageLink);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles(png);
  const chosen = page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem');
  await expect(chosen).toHaveCount(2);
  await expect(page.getByText('Shoppers see')).toBeVisible();
  await shot('admin-add-product');
  await create.click();
  await expectToast(page, 'Product has been created');
  await expect(page).toHaveURL(`/dashboard/${ADMIN.username}/products`);
  await expect(page.getByRole('row').filter({ hasText: productName })).toBeVisible();
  await shot('admin-products');

  // It is in the shop, in its category, at its discounted price.
  await page.goto(`/shop?gender=women&category=${encodeURIComponent(categoryTitle)}`);
  const card = page.getByRole('article').filter({ hasText: productName });
  await expect(card).toContainText('EGP 400');
  await expect(card).toContainText('-20%');
  await card.getByRole('link', { name: productName }).click();
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(page.locator('.price__now')).toContainText('EGP 400');

  // Update its price and discount from the products table.
  await page.goto(`/dashboard/${ADMIN.username}/products`);
  await page.getByRole('link', { name: `Update ${productName}` }).click();
  await expect(page).toHaveURL(`${productPath(productName)}/update`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(productName);
  await expect(page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Price (EGP)').fill('600');
  await page.getByLabel('Discount (%)').fill('50');
  await shot('admin-update-product');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Item has been updated');
  await page.goto(productPath(productName));
  await expect(page.locator('.price__now')).toContainText('EGP 300');
  await expect(page.getByText('-50%')).toBeVisible();

  // A customer places a cash order with it.
  await logOut(page, ADMIN.username);
  await logIn(page, customer);
  await page.goto(productPath(productName));
  await page.getByRole('button', { name: /add to cart/i }).click();
  await expect(toasts(page).first()).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByText(productName)).toBeVisible();
  await fillBilling(page, {
    firstName: 'Salma', secondName: `Kamel ${run}`, phoneNumber: '01012345678', email: customer.email, city: 'Zamalek', address: '7 Shagaret El Dor Street',
  });
  await page.getByRole('button', { name: 'Place order' }).click();
  // her order's page is the confirmation
  await expect(page).toHaveURL(/\/my-orders\/[^/]+$/);

  // The admin cancels it: asked first, then 'canceled' in red.
  await logOut(page, customer.username);
  await logIn(page, ADMIN);
  await page.goto(`/dashboard/${ADMIN.username}/orders`);
  const orderRow = page.getByRole('row').filter({ hasText: `@${customer.username}` });
  await expect(orderRow).toContainText('Accepted');
  await expect(orderRow.getByRole('cell').first()).toHaveText(/^#\d+$/);
  await expect(orderRow).toContainText('EGP 330');
  await orderRow.getByRole('button', { name: /^Cancel order/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Keep order' })).toBeFocused();
  await shot('admin-cancel-order');
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
  await expectToast(page, 'Order has been canceled');
  const status = orderRow.getByText('Canceled', { exact: true });
  await expect(status).toBeVisible();
  await expect(status).toHaveCSS('color', 'rgb(180, 35, 24)');
  await expect(orderRow.getByRole('button', { name: /^Cancel order/ })).toHaveCount(0);
  await orderRow.getByRole('link', { name: /^View order/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order #\d+$/);
  await expect(page.locator('.admin-head')).toContainText('Salma');
  await expect(page.getByText(productName)).toBeVisible();
  await shot('admin-orders');

  // The customer sees it canceled.
  await logOut(page, ADMIN.username);
  await logIn(page, customer);
  await page.goto(`/account/${customer.username}/my-orders`);
  await expect(page.getByRole('cell', { name: 'Canceled' })).toBeVisible();

  // The admin deletes the product, then its category (which the side panel drops at once).
  await logOut(page, customer.username);
  await logIn(page, ADMIN);
  await page.goto(`/dashboard/${ADMIN.username}/products`);
  await page.getByRole('button', { name: `Delete ${productName}` }).click();
  const deleteProduct = page.getByRole('dialog', { name: 'Delete this product?' });
  await deleteProduct.getByRole('button', { name: 'Delete product' }).click();
  await expectToast(page, 'Product has been deleted');
  await expect(page.getByRole('row').filter({ hasText: productName })).toHaveCount(0);
  expect(await statusOf(request, 'getProduct', { params: { x: productName } })).toBe(404);

  await dashboardNav(page).getByRole('link', { name: 'Categories' }).click();
  await checkWomenMenuFromDesk(page, async (shown) => {
    await expect(shown.getByRole('link', { name: categoryTitle })).toBeVisible();
  });
  await page.getByRole('button', { name: `Delete ${categoryTitle} (women)` }).click();
  const deleteCategory = page.getByRole('dialog', { name: 'Delete this category?' });
  await deleteCategory.getByRole('button', { name: 'Delete category' }).click();
  await expectToast(page, 'Category has been deleted');
  await expect(page.getByRole('row').filter({ hasText: categoryTitle })).toHaveCount(0);
  await checkWomenMenuFromDesk(page, async (shown) => {
    await expect(shown.getByRole('link', { name: 'Shop all women' })).toBeVisible();
    await expect(shown.getByRole('link', { name: categoryTitle })).toHaveCount(0);
  });
});

test('only the admin gets in: customers and visitors land on the home page, the API says 401 and 403', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  const sections = ['users', 'orders', 'products', 'add-product', 'categories', 'add-category', 'settings'];

  await page.goto(`/dashboard/${ADMIN.username}/users`);
  await expect(page).toHaveURL(/\/$/);

  await logIn(page, customer);
  for (const owner of [customer.username, ADMIN.username]) {
    for (const section of sections) {
      await page.goto(`/dashboard/${owner}/${section}`);
      await expect(page).toHaveURL(/\/$/);
    }
  }
  const seeded = await catalogProduct(request);
  await page.goto(`${productPath(seeded.name)}/update`);
  await expect(page).toHaveURL(/\/$/);

  const { token } = customer;
  // well-formed requests, so that only who is asking can make them fail
  const { _id, name, description, price, disCountPrecent, category, gender, images } = seeded;
  const sameProduct = { name, description, price, disCountPrecent, category, gender, images };
  const asking = <N extends EndpointName>(name: N, input: CallInput<N> = {}) => ({
    name,
    status: (bearer?: string) => statusOf(request, name, { ...input, token: bearer }),
  });
  const calls = [
    asking('listUsers'),
    asking('listOrders'),
    // a customer may cancel their own order (cancelOrder); moving one is the admin's
    asking('moveOrder', { params: { id: '00000000-0000-4000-8000-000000000000' }, body: { status: 'shipped' } }),
    asking('addCategory', { body: { title: 'Nope', gender: 'women' } }),
    asking('deleteCategory', { params: { id: '00000000-0000-4000-8000-000000000000' } }),
    asking('addProduct', { body: { ...sameProduct, name: `Nope ${Date.now()}`, imageUrls: images } }),
    asking('updateProduct', { params: { x: _id }, body: sameProduct }),
    asking('deleteProduct', { params: { x: _id } }),
  ];
  for (const { name, status } of calls) {
    expect(await status(), `${name} without a token`).toBe(401);
    expect(await status(token), `${name} as a customer`).toBe(403);
  }
});

test.describe('a file that is not an image', () => {
  // Chromium logs every 4xx answer to the console; this 415 is the point of the test, and the page handles it.
  test.use({ expectedConsoleErrors: [/status of 415/] });

  test('is refused by the server and nothing is created', async ({ page, request }, testInfo) => {
    const productName = `Not An Image ${runTag(testInfo)}`;
    const categories = await call(request, 'listCategories');
    const women = categories.find((category) => category.gender === 'women');
    if (!women) throw new Error('the e2e catalog has no women category');

    await page.goto('/');
    await logIn(page, ADMIN);
    await page.goto(`/dashboard/${ADMIN.username}/add-product`);
    await page.getByLabel('Name', { exact: true }).fill(productName);
    await page.getByLabel('Description', { exact: true }).fill('Should never be stored.');
    await page.getByLabel('Price (EGP)').fill('250');
    await page.getByLabel('Gender').selectOption('women');
    await page.getByLabel('Category').selectOption(women.title);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('This is plain text pretending to be a PNG picture.\n'),
    });
    await expect(page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Create product' }).click();
    await expectToast(page, 'File type is not supported');
    await expect(page).toHaveURL(`/dashboard/${ADMIN.username}/add-product`);
    await expect(page.getByRole('button', { name: 'Create product' })).toBeEnabled();
    expect(await statusOf(request, 'getProduct', { params: { x: productName } })).toBe(404);
  });
});
