// Issue 14: axe-core's WCAG 2.2 AA and best-practice rules on every screen, its overlays and the checkout's
// states, at phone and desktop size; the home banners' text measured against the pictures behind it; the About
// page at 200% text on a phone. Any violation fails, and is printed rule by rule with the elements it hit.
import sharp from 'sharp';
import type { APIRequestContext, BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
import { addToCart, catalogWithCustomer, catalogWithOrder, placeCashOrder, registerCustomer, runTag, toggleWishlist, useSession } from './api.ts';
import { audit, report } from './axe.ts';
import { expect, productPath, test, useLanguage } from './fixtures.ts';

async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** A catalog of this test's own with a customer's order, and its admin signed in on the page: their dashboard's path. */
async function signedInAdminWithOrder(request: APIRequestContext, context: BrowserContext, baseURL: string, testInfo: TestInfo) {
  const { admin, products, orderId } = await catalogWithOrder(request, runTag(testInfo));
  await useSession(context, baseURL, admin);
  return { admin, products, orderId, dashboard: `/dashboard/${encodeURIComponent(admin.username)}` };
}

// each walk is its own test, so the file's walks spread over the workers and each has its own time: axe is the
// heaviest work of the journeys, and one long walk of every screen outlived its time on a loaded machine
test.describe.configure({ mode: 'parallel' });

test('a visitor: the home page, its menu and search panels and the login modal pass axe', async ({ page }) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  await visit(page, '/', /Clothing for women and men/);
  await expect(page.getByRole('heading', { name: 'New products' })).toBeVisible();
  problems.push(...(await audit(page, 'home')));
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link').first()).toBeVisible();
  problems.push(...(await audit(page, 'side panel')));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog', { name: 'Search products' })).toBeVisible();
  problems.push(...(await audit(page, 'search panel')));
  await page.keyboard.press('Escape');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByLabel('Password')).toBeVisible();
  problems.push(...(await audit(page, 'login modal, login tab')));
  await modal.getByRole('tab', { name: 'Register' }).click();
  await expect(modal.getByLabel('Username')).toBeVisible();
  problems.push(...(await audit(page, 'login modal, register tab')));
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  report(problems);
});

test('a visitor: the shop, a search, a product and the other pages pass axe', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const tag = runTag(testInfo);
  const { category, products } = await catalogWithCustomer(request, tag);
  const [shirt, trousers] = products as [typeof products[0], typeof products[0]];
  const problems: string[] = [];
  await visit(page, '/shop', 'Shop');
  problems.push(...(await audit(page, 'shop')));
  await visit(page, `/shop?gender=women&category=${encodeURIComponent(category)}`, /Women\s*>/);
  await expect(page.getByRole('link', { name: shirt.name }).first()).toBeVisible();
  problems.push(...(await audit(page, 'shop filtered')));
  await page.goto(`/shop/search?search=${encodeURIComponent(tag)}`);
  await expect(page.getByRole('link', { name: trousers.name }).first()).toBeVisible();
  problems.push(...(await audit(page, 'search results')));
  await visit(page, productPath(shirt.name), shirt.name);
  await expect(page.getByRole('heading', { name: 'You may also like' })).toBeVisible();
  await expect(page.getByRole('link', { name: trousers.name }).first()).toBeVisible();
  problems.push(...(await audit(page, 'product')));
  await visit(page, '/about', /.+/);
  problems.push(...(await audit(page, 'about')));
  await visit(page, '/cart', 'Your cart');
  problems.push(...(await audit(page, 'cart, visitor')));
  await visit(page, '/no-such-page', 'Unexpected Application Error!');
  problems.push(...(await audit(page, 'error screen')));
  await visit(page, '/forgot-password', 'Forgot your password?');
  problems.push(...(await audit(page, 'forgot password')));
  await page.getByLabel('Email').fill(`nobody-${tag}@shop.test`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a reset link is on its way' })).toBeVisible();
  problems.push(...(await audit(page, 'forgot password, sent')));
  await visit(page, '/reset-password?token=not-a-real-token', 'Choose a new password');
  problems.push(...(await audit(page, 'reset password')));
  await visit(page, '/reset-password', 'Choose a new password');
  await expect(page.locator('#main').getByText('This reset link is invalid or has expired')).toBeVisible();
  problems.push(...(await audit(page, 'reset password, invalid link')));
  report(problems);
});

test('a customer with nothing yet: the empty cart, wishlist and orders and the account pass axe', async ({ page, request, context, baseURL }) => {
  test.setTimeout(180_000);
  const customer = await registerCustomer(request);
  const account = `/account/${encodeURIComponent(customer.username)}`;
  const problems: string[] = [];
  await useSession(context, baseURL!, customer);
  await visit(page, '/cart', 'Your cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  problems.push(...(await audit(page, 'cart, empty')));
  await visit(page, `${account}/wishlist`, 'My wishlist');
  await expect(page.getByText('No wishlist')).toBeVisible();
  problems.push(...(await audit(page, 'wishlist, empty')));
  await visit(page, `${account}/my-orders`, /orders/i);
  await expect(page.getByText('No orders')).toBeVisible();
  problems.push(...(await audit(page, 'my orders, empty')));
  await visit(page, account, /.+/);
  problems.push(...(await audit(page, 'account hub')));
  await visit(page, `${account}/account-details`, /.+/);
  problems.push(...(await audit(page, 'account details')));
  report(problems);
});

test('a customer with a wishlist, an order and a cart: her lists, the order with its cancel dialog and the checkout states pass axe', async ({ page, request, context, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const tag = runTag(testInfo);
  const { products, customer } = await catalogWithCustomer(request, tag);
  const [shirt, trousers] = products as [typeof products[0], typeof products[0]];
  const account = `/account/${encodeURIComponent(customer.username)}`;
  const problems: string[] = [];
  await toggleWishlist(request, customer, shirt);
  await addToCart(request, customer, shirt, 1);
  const orderId = await placeCashOrder(request, customer, [{ product: shirt, quantity: 1 }]);
  await addToCart(request, customer, shirt, 2);
  await addToCart(request, customer, trousers, 1);
  await useSession(context, baseURL!, customer);
  await visit(page, `${account}/wishlist`, 'My wishlist');
  await expect(page.getByRole('link', { name: shirt.name })).toBeVisible();
  problems.push(...(await audit(page, 'wishlist')));
  await visit(page, `${account}/my-orders`, /orders/i);
  await expect(page.getByRole('link', { name: /View/ }).first()).toBeVisible();
  problems.push(...(await audit(page, 'my orders')));
  await visit(page, `${account}/my-orders/${orderId}`, /.+/);
  await expect(page.getByText('Dokki')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status' }).getByRole('listitem')).toHaveCount(3);
  problems.push(...(await audit(page, 'order details, with its timeline')));
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByRole('dialog', { name: 'Cancel this order?' })).toBeVisible();
  problems.push(...(await audit(page, 'order details, cancel dialog')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeFocused();
  await visit(page, '/cart', 'Your cart');
  await expect(page.getByRole('link', { name: trousers.name })).toBeVisible();
  problems.push(...(await audit(page, 'cart with items')));
  await page.getByRole('link', { name: 'Check out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  problems.push(...(await audit(page, 'checkout')));
  // her details come from her last order: the first name taken out, for the form's error state
  await expect(page.getByLabel('First name')).toHaveValue(/.+/);
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Please write your first name')).toBeVisible();
  problems.push(...(await audit(page, 'checkout after an empty submit')));
  await page.getByRole('radio', { name: 'Card', exact: true }).check();
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
  problems.push(...(await audit(page, 'checkout, credit')));
  report(problems);
});

test('every admin screen passes axe', async ({ page, request, context, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const { admin, products, orderId, dashboard } = await signedInAdminWithOrder(request, context, baseURL!, testInfo);
  const problems: string[] = [];

  await visit(page, `/account/${encodeURIComponent(admin.username)}`, /.+/);
  problems.push(...(await audit(page, 'admin account hub')));
  for (const [screen, path] of [
    ['sales', 'sales'], ['users', 'users'], ['orders', 'orders'], ['orders filtered by status', 'orders?status=accepted'], ['order', `orders/${orderId}`],
    ['products', 'products'], ['add product', 'add-product'], ['categories', 'categories'], ['add category', 'add-category'],
    ['settings', 'settings'], ['failed jobs', 'jobs'],
  ] as const) {
    await visit(page, `${dashboard}/${path}`, /.+/);
    await expect(page.locator('main .skeleton')).toHaveCount(0);
    problems.push(...(await audit(page, `admin ${screen}`)));
  }
  await visit(page, `${productPath(products[1]!.name)}/update`, /.+/);
  await expect(page.getByRole('textbox', { name: /name/i }).first()).toHaveValue(products[1]!.name);
  await expect(page.getByLabel('Name in Arabic')).toHaveValue(products[1]!.nameAr!);
  problems.push(...(await audit(page, 'admin update product')));
  report(problems);
});

test('the admin\'s order moves and the confirm dialog pass axe', async ({ page, request, context, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const { products, orderId, dashboard } = await signedInAdminWithOrder(request, context, baseURL!, testInfo);
  const problems: string[] = [];

  // the order's moves: the confirm step, then the timeline with a step done and one ahead
  await visit(page, `${dashboard}/orders/${orderId}`, /.+/);
  await page.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(page.getByRole('dialog', { name: 'Mark this order as shipped?' })).toBeVisible();
  problems.push(...(await audit(page, 'admin order, move dialog')));
  await page.getByRole('dialog').getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(page.getByRole('button', { name: 'Mark as delivered' })).toBeVisible();
  problems.push(...(await audit(page, 'admin order, shipped')));

  await visit(page, `${dashboard}/products`, /.+/);
  await page.getByRole('button', { name: `Delete ${products[1]!.name}` }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this product?' })).toBeVisible();
  problems.push(...(await audit(page, 'admin confirm dialog')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Delete ${products[1]!.name}` })).toBeFocused();
  report(problems);
});

test('the Arabic dashboard passes axe: the lists with their filters, an order with its move dialog, the product form', async ({ page, request, context, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const { orderId, dashboard } = await signedInAdminWithOrder(request, context, baseURL!, testInfo);
  await useLanguage(context, baseURL!, 'ar');
  const problems: string[] = [];

  for (const [screen, path] of [
    ['sales', 'sales'], ['users', 'users'], ['orders', 'orders'], ['orders filtered by status', 'orders?status=accepted'], ['products', 'products'],
    ['add product', 'add-product'], ['categories', 'categories'], ['add category', 'add-category'], ['settings', 'settings'],
    ['failed jobs', 'jobs'],
  ] as const) {
    await visit(page, `${dashboard}/${path}`, /.+/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('main .skeleton')).toHaveCount(0);
    problems.push(...(await audit(page, `Arabic admin ${screen}`)));
  }
  await visit(page, `${dashboard}/orders/${orderId}`, /.+/);
  await page.getByRole('button', { name: 'تسجيل الشحن' }).click();
  await expect(page.getByRole('dialog', { name: 'هل شُحن هذا الطلب؟' })).toBeVisible();
  problems.push(...(await audit(page, 'Arabic admin order, move dialog')));

  report(problems);
});

/**
 * How white text over a picture measures: the words are made transparent, the container is captured, and the
 * lightest pixel behind each word's boxes (the worst case for white text) gives the ratio.
 */
async function whiteTextContrast(page: Page, container: Locator, selectors: string[]): Promise<{ selector: string; ratio: number }[]> {
  await container.scrollIntoViewIfNeeded();
  await container.evaluate(async (element) => {
    await Promise.all(Array.from(element.querySelectorAll('img')).map((image) => image.decode()));
  });
  const boxes = await container.evaluate((element, wanted) => {
    const origin = element.getBoundingClientRect();
    return wanted.map((selector) => {
      const range = document.createRange();
      range.selectNodeContents(element.querySelector(selector)!);
      const rects = Array.from(range.getClientRects()).map((r) => ({ x: r.x - origin.x, y: r.y - origin.y, width: r.width, height: r.height }));
      return { selector, rects };
    });
  }, selectors);
  // the picture and scrim alone: the words transparent, the hover zoom off
  await container.evaluate((element, wanted) => {
    for (const selector of wanted) element.querySelector<HTMLElement>(selector)!.style.setProperty('color', 'transparent', 'important');
    element.querySelectorAll('img').forEach((image) => image.style.setProperty('transform', 'none', 'important'));
  }, selectors);
  const png = await container.screenshot({ animations: 'disabled' });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const scale = info.width / (await container.boundingBox())!.width;
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return boxes.map(({ selector, rects }) => {
    let lightest = 0;
    for (const rect of rects) {
      for (let y = Math.max(0, Math.floor(rect.y * scale)); y < Math.min(info.height, Math.ceil((rect.y + rect.height) * scale)); y += 1) {
        for (let x = Math.max(0, Math.floor(rect.x * scale)); x < Math.min(info.width, Math.ceil((rect.x + rect.width) * scale)); x += 1) {
          const offset = (y * info.width + x) * info.channels;
          lightest = Math.max(lightest, 0.2126 * linear(data[offset]!) + 0.7152 * linear(data[offset + 1]!) + 0.0722 * linear(data[offset + 2]!));
        }
      }
    }
    return { selector, ratio: 1.05 / (lightest + 0.05) };
  });
}

test('the text over pictures (home banners, the menu’s collection card) keeps 4.5:1', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.locator('.loading-screen')).toHaveCount(0);
  const cards = page.locator('.hero__card');
  await expect(cards).toHaveCount(2);
  const figures: string[] = [];
  const check = (where: string, results: { selector: string; ratio: number }[]) => {
    for (const { selector, ratio } of results) {
      figures.push(`${testInfo.project.name} ${where} ${selector}: white over the lightest pixel behind it = ${ratio.toFixed(2)}:1`);
      expect(ratio, `${where} ${selector}`).toBeGreaterThanOrEqual(4.5);
    }
  };
  for (let index = 0; index < 2; index += 1) {
    check(`home banner ${index + 1}`, await whiteTextContrast(page, cards.nth(index), ['.hero__title', '.hero__line']));
  }
  // the menu's collection card is shown from 768 px up
  if (testInfo.project.name === 'desktop') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const feature = page.locator('.side-panel__feature');
    await expect(feature).toBeVisible();
    for (const gender of ['Women', 'Men']) {
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('tab', { name: gender, exact: true }).click();
      await expect(feature).toContainText(`${gender} collection`);
      check(`menu card ${gender}`, await whiteTextContrast(page, feature, ['span']));
    }
  }
  console.log(figures.join('\n'));
});

test('the About page does not scroll sideways at 200% text on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
