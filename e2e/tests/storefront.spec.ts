// The shopper's journeys of issue 3, at phone and desktop size: a visitor browsing and searching, a new
// customer from register to order details, the profile edit, and the redirects and error screen.
// Every test builds its own customer (unique per run and project), so they run in any order.
import { discountedPrice, formatEgp, subtotalPiastres, toEgp, totalPiastres } from '@shop/core/money';
import type { APIRequestContext, Page } from '@playwright/test';
import { callPage, logInThroughApi, ordersOf, registerCustomer, runTag } from './api.ts';
import { ADMIN, WOMEN_CATEGORY } from './catalog.ts';
import { accountLink, cartLink, expect, expectToast, logIn, openMenu, productPath, test, toasts } from './fixtures.ts';

/**
 * Saves the screen as a shopper would see it settled: lazy pictures loaded and the page at its top
 * (a full-page shot of a scrolled page paints the sticky navbar halfway down).
 */
async function snap(page: Page, shot: (name: string) => Promise<void>, name: string) {
  await page.evaluate(async () => {
    document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((image) => { image.loading = 'eager'; });
    // decoded, not only downloaded: a full-page shot does not wait for asynchronous decoding
    await Promise.all(Array.from(document.images).map((image) => image.decode().catch(() => undefined)));
    window.scrollTo(0, 0);
  });
  await shot(name);
}

function shopProducts(request: APIRequestContext, query: Record<string, string>) {
  return callPage(request, 'shopProducts', { query: { limit: '24', ...query } });
}

/** How many columns the product grid lays out, as the shopper sees them. */
async function gridColumns(page: Page): Promise<number> {
  return page.locator('ul.product-grid').evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
}

test('a visitor browses women > category from the side panel, puts a dress in the browser’s cart and is asked to log in for the wishlist', async ({ page, shot }, testInfo) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/cart') || pathname.startsWith('/api/users/wishlist')) apiCalls.push(`${request.method()} ${pathname}`);
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'New products' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop now: Women collection' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await snap(page, shot, 'home');

  // the side panel: Men and Women tabs, switched on hover (desktop) or by tap (phone)
  let menu = await openMenu(page);
  const women = menu.getByRole('tab', { name: 'Women', exact: true });
  const men = menu.getByRole('tab', { name: 'Men', exact: true });
  if (testInfo.project.name === 'desktop') {
    await men.hover();
    await expect(men).toHaveAttribute('aria-selected', 'true');
    await women.hover();
  } else {
    await men.click();
    await expect(men).toHaveAttribute('aria-selected', 'true');
    await women.click();
  }
  await expect(women).toHaveAttribute('aria-selected', 'true');
  await expect(menu.getByRole('link', { name: WOMEN_CATEGORY, exact: true })).toBeVisible();
  await snap(page, shot, 'side-panel');
  await menu.getByRole('link', { name: /^Shop all women/ }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/shop\?gender=women$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Women');

  menu = await openMenu(page);
  await menu.getByRole('tab', { name: 'Women', exact: true }).click();
  await menu.getByRole('link', { name: WOMEN_CATEGORY, exact: true }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === '/shop' && url.searchParams.get('gender') === 'women' && url.searchParams.get('category') === WOMEN_CATEGORY);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^women\\s*>\\s*${WOMEN_CATEGORY}$`, 'i'));
  await expect(page.getByRole('list', { name: 'Breadcrumb' })).toHaveText(/Home\s*Shop/);
  const grid = page.getByRole('list', { name: `Women > ${WOMEN_CATEGORY}` });
  await expect(grid.getByRole('listitem').first()).toBeVisible();

  // 3 or 4 per row from medium screens up; the phone always shows 2 and no switch
  const three = page.getByRole('button', { name: '3 per row' });
  const four = page.getByRole('button', { name: '4 per row' });
  if (testInfo.project.name === 'desktop') {
    await expect(three).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => gridColumns(page)).toBe(3);
    await four.click();
    await expect(four).toHaveAttribute('aria-pressed', 'true');
    await expect(three).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => gridColumns(page)).toBe(4);
    await three.click();
    await expect(three).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => gridColumns(page)).toBe(3);
  } else {
    await expect(three).toBeHidden();
    await expect(four).toBeHidden();
    await expect.poll(() => gridColumns(page)).toBe(2);
  }
  await snap(page, shot, 'shop');

  const firstCard = grid.getByRole('listitem').first().getByRole('heading').getByRole('link');
  const cardName = (await firstCard.textContent())!.trim();
  await firstCard.click();
  await expect(page).toHaveURL(/\/products\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(cardName.replace(/…$/, ''));
  await expect(page.getByText(/^EGP\s/).first()).toBeVisible();
  await snap(page, shot, 'product');

  // a visitor's cart is kept in the browser (PRODUCT section 8, which wins over SPEC's "Please log in" here)
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Product has been added to your cart');
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  // the wishlist still needs an account; the same toast cannot show twice at once: a tap in the instant the last one
  // leaves is swallowed
  await expect(async () => {
    await page.getByRole('button', { name: /to wishlist$/ }).first().click();
    await expect(toasts(page).filter({ hasText: 'Please log in' })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  expect(apiCalls, 'no cart or wishlist call is made for a visitor').toEqual([]);
});

test('a visitor searches from the search panel, then finds nothing', async ({ page, request, shot }) => {
  const expected = await shopProducts(request, { search: 'linen' });
  expect(expected.total).toBeGreaterThan(0);

  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).click();
  const panel = page.getByRole('dialog', { name: 'Search products' });
  const field = panel.getByPlaceholder('Search Products...');
  await expect(field).toBeFocused();
  await field.fill('linen');
  await field.press('Enter');
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL('/shop/search?search=linen');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “linen”');
  // other journeys add linen pieces meanwhile (CI saw 115 against 113), and the admin's journeys delete theirs: the
  // count shown is the shop's at a moment between the read before and the read after
  const count = page.getByText(/^\d+ products?$/);
  await expect(count).toBeVisible();
  const shown = Number((await count.textContent())!.split(' ')[0]);
  const after = await shopProducts(request, { search: 'linen' });
  expect(shown).toBeGreaterThanOrEqual(Math.min(expected.total, after.total));
  expect(shown).toBeLessThanOrEqual(Math.max(expected.total, after.total));
  const results = page.getByRole('list', { name: 'Results for linen' });
  await expect(results.getByRole('listitem')).toHaveCount(Math.min(shown, 24));
  const kept = expected.items.find((item) => after.items.some((other) => other._id === item._id))!;
  await expect(results.getByRole('link', { name: kept.name.slice(0, 40) })).toBeVisible();
  await snap(page, shot, 'search-results');

  await page.getByRole('button', { name: 'Search' }).click();
  await expect(panel).toBeVisible();
  await panel.getByPlaceholder('Search Products...').fill('qwxzy velvet unicorn');
  await panel.getByPlaceholder('Search Products...').press('Enter');
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/shop\/search\?search=qwxzy\+velvet\+unicorn$/);
  await expect(page.getByRole('heading', { name: 'No Products' })).toBeVisible();
  await expect(page.getByText('0 products', { exact: true })).toBeVisible();
  await snap(page, shot, 'no-results');
});

test.describe('a new customer', () => {
  // Chromium logs the 409 of the taken email as a console error; the page handles it with a toast
  test.use({ expectedConsoleErrors: [/status of 409/] });

  test('registers, fills a cart, keeps a wishlist, checks out with cash and reads the order', async ({ page, request, shot }, testInfo) => {
    test.setTimeout(120_000);
    const tag = runTag(testInfo);
    const customer = { username: `newbie-${tag}`, email: `newbie-${tag}@shop.test`, password: 'Newbie-pass-1' };
    // two products of a women's category, the first with a discount so the totals show the rule
    const { items } = await shopProducts(request, { gender: 'women', category: WOMEN_CATEGORY });
    const kept = items.find((p) => p.disCountPrecent > 0 && !Number.isInteger(discountedPrice(p.price, p.disCountPrecent)))
      ?? items.find((p) => p.disCountPrecent > 0);
    if (!kept) throw new Error(`the e2e catalog has no discounted ${WOMEN_CATEGORY}`);
    const taken = await registerCustomer(request);
    const removed = items.find((p) => p._id !== kept._id)!;

    // Register: a taken email first, then a short password, then the real thing
    const registerCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/register') registerCalls.push(r.postData() ?? '');
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    const modal = page.getByRole('dialog', { name: 'Welcome back' });
    await expect(modal.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await snap(page, shot, 'login-modal');
    await modal.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('dialog', { name: 'Create your account' });
    await register.getByLabel('Username').fill(customer.username);
    await register.getByLabel('Email').fill(taken.email);
    await register.getByLabel('Password').fill(customer.password);
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    // the toast sits under the modal's backdrop (it cannot be clicked away); the modal says it too
    await expect(register.getByRole('alert')).toHaveText('This email is already registered');
    await expect(toasts(page).filter({ hasText: 'This email is already registered' })).toBeVisible();
    await expect(register.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await snap(page, shot, 'register-error');

    await register.getByLabel('Email').fill(customer.email);
    await register.getByLabel('Password').fill('short12');
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(register.getByText('At least 8 characters.')).toBeVisible();
    await expect.poll(() => register.getByLabel('Password').evaluate((input: HTMLInputElement) => input.validity.tooShort)).toBe(true);
    expect(await register.getByLabel('Password').evaluate((input: HTMLInputElement) => input.validationMessage)).toMatch(/8 characters/);
    expect(registerCalls, 'a short password never leaves the browser').toHaveLength(1);

    await register.getByLabel('Password').fill(customer.password);
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'Your account has been created, please log in' })).toBeVisible();
    expect(registerCalls).toHaveLength(2);
    await expect(modal.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expect(modal.getByRole('status')).toHaveText('Your account has been created, please log in');
    await expect(modal.getByLabel('Email')).toHaveValue(customer.email);
    await modal.getByLabel('Password').fill(customer.password);
    await modal.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(accountLink(page)).toHaveAttribute('href', `/account/${customer.username}`);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');

    // Two products into the cart; the first also goes to the wishlist (heart on, off, on)
    await page.goto(productPath(kept.name));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(kept.name);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expectToast(page, 'Product has been added to your cart');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    const heart = page.locator('.product__actions').getByRole('button', { name: /wishlist$/ });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expectToast(page, 'Product has been added to your wishlist');
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await heart.click();
    await expectToast(page, 'Product has been removed from your wishlist');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expectToast(page, 'Product has been added to your wishlist');
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    await page.goto(productPath(removed.name));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(removed.name);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expectToast(page, 'Product has been added to your cart');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
    await expect(cartLink(page).locator('.navbar__badge')).toHaveText('2');

    // The cart: 3 of the first, Update, then the second removed
    await cartLink(page).click();
    await expect(page).toHaveURL('/cart');
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const bothLines = [
      { price: kept.price, disCountPrecent: kept.disCountPrecent, quantity: 1 },
      { price: removed.price, disCountPrecent: removed.disCountPrecent, quantity: 1 },
    ];
    await expect(summary.getByRole('definition').first()).toHaveText(formatEgp(toEgp(subtotalPiastres(bothLines))));
    const stepper = page.getByRole('group', { name: `Quantity of ${kept.name}` });
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await stepper.getByRole('button', { name: 'Increase quantity' }).click();
    await stepper.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(stepper.getByRole('spinbutton')).toHaveValue('3');
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Item has been updated');
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await page.getByRole('button', { name: `Remove ${removed.name} from cart` }).click();
    await expectToast(page, 'Product has been deleted from your cart');
    await expect(page.getByRole('link', { name: removed.name.slice(0, 40) })).toHaveCount(0);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

    const lines = [{ price: kept.price, disCountPrecent: kept.disCountPrecent, quantity: 3 }];
    const subtotal = formatEgp(toEgp(subtotalPiastres(lines)));
    const total = formatEgp(toEgp(totalPiastres(lines)));
    await expect(summary).toContainText(`Subtotal${subtotal}`);
    await expect(summary).toContainText('Delivery to CairoEGP 30');
    await expect(summary).toContainText(`Total${total}`);
    await snap(page, shot, 'cart');

    // The wishlist holds the product whose heart is on
    await accountLink(page).click();
    await page.getByRole('link', { name: /^Wishlist/ }).click();
    await expect(page).toHaveURL(`/account/${customer.username}/wishlist`);
    await expect(page.getByRole('heading', { name: 'My wishlist' })).toBeVisible();
    await expect(page.getByRole('listitem')).toContainText([kept.name.slice(0, 40)]);
    await expect(page.getByRole('button', { name: `Remove ${kept.name} from wishlist` })).toBeVisible();
    await snap(page, shot, 'wishlist');

    // Checkout: every missing field is its own toast, in SPEC's order
    await cartLink(page).click();
    await page.getByRole('link', { name: 'Check out' }).click();
    await expect(page).toHaveURL('/checkout');
    await expect(page.getByRole('complementary', { name: 'Your order' })).toContainText(`Total${total}`);
    const email = page.getByLabel('Email');
    await expect(email).toHaveValue(customer.email);
    await email.clear();
    // the Governorate select starts on Cairo, so 'Please write your governorate' cannot be reached
    await expect(page.getByLabel('Governorate')).toHaveValue('Cairo');
    const placeOrder = page.getByRole('button', { name: 'Place order' });
    const steps: [string, string, string][] = [
      ['Please write your first name', 'First name', 'Nour'],
      ['Please write your second name', 'Second name', 'Hassan'],
      ['Please write your phone', 'Phone', '01012345678'],
      ['Please write your email', 'Email', customer.email],
      ['Please write your city', 'City', 'Nasr City'],
      ['Please write your address', 'Address', '12 Abbas El Akkad St, flat 4'],
    ];
    for (const [message, label, value] of steps) {
      await placeOrder.click();
      await expectToast(page, message);
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByLabel('Governorate').selectOption('Giza');
    await snap(page, shot, 'checkout');
    await placeOrder.click();
    await expectToast(page, 'Your order has been placed');
    // her order's page is the confirmation: "Thank you", then its number
    await expect(page).toHaveURL(new RegExp(`/account/${customer.username}/my-orders/`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
    await expect(page.locator('.order-head__number')).toHaveText(/^Order #\d+$/);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
    await expect(cartLink(page).locator('.navbar__badge')).toHaveCount(0);

    // My Orders and the order's details
    await accountLink(page).click();
    await page.getByRole('link', { name: /^My-Orders/ }).click();
    await expect(page).toHaveURL(`/account/${customer.username}/my-orders`);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    // the total, and what delivery cost (PRODUCT section 8)
    const [mine] = await ordersOf(request, await logInThroughApi(request, customer));
    const number = `#${mine!.number}`;
    await expect(rows.nth(1).getByRole('cell')).toHaveText([number, /^[A-Z][a-z]+ \d{1,2}, \d{4}$/, 'Accepted', 'Cash on delivery', `${total} Delivery EGP 30`, 'View']);
    await snap(page, shot, 'my-orders');
    await rows.nth(1).getByRole('link', { name: `View order ${number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/account/${customer.username}/my-orders/[^/]+$`));
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    const products = page.getByRole('region', { name: 'Products' });
    await expect(products.getByRole('listitem')).toHaveCount(1);
    await expect(products.getByRole('listitem')).toHaveText(new RegExp(`× 3\\s*${subtotal.replace(/[.]/g, '\\.')}$`));
    await expect(products.getByRole('link', { name: kept.name.slice(0, 40) })).toBeVisible();
    await expect(products).toContainText(`Subtotal${subtotal}`);
    await expect(products).toContainText('Delivery to GizaEGP 30');
    await expect(products).toContainText('Payment methodCash on delivery');
    await expect(products).toContainText(`Total${total}`);
    const billing = page.getByRole('region', { name: 'Billing details' });
    for (const text of ['Nour Hassan', customer.email, '01012345678', 'Giza', 'Nasr City', '12 Abbas El Akkad St, flat 4']) {
      await expect(billing).toContainText(text);
    }
    await snap(page, shot, 'order-details');
  });
});

test('a customer renames themselves in Account Details, stays logged in after a reload, and logs out', async ({ page, request, shot }, testInfo) => {
  const tag = runTag(testInfo);
  const customer = await registerCustomer(request);
  const renamed = { username: `renamed-${tag}`, email: `renamed-${tag}@shop.test` };

  await page.goto('/');
  await logIn(page, customer);
  await accountLink(page).click();
  await expect(page).toHaveURL(`/account/${customer.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${customer.username}`);
  for (const tile of ['Wishlist', 'My-Orders', 'Account Details']) {
    await expect(page.getByRole('link', { name: new RegExp(`^${tile}`) })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /^Logout/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Users/ })).toHaveCount(0);
  await snap(page, shot, 'account-hub');

  await page.getByRole('link', { name: /^Account Details/ }).click();
  await expect(page).toHaveURL(`/account/${customer.username}/account-details`);
  await expect(page.getByLabel('Username')).toHaveValue(customer.username);
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  await snap(page, shot, 'account-details');
  await page.getByLabel('Username').fill(renamed.username);
  await page.getByLabel('Email').fill(renamed.email);
  // a new email asks for the current password, at a field of its own that says why
  const details = page.locator('form').filter({ has: page.getByLabel('Username') });
  const password = details.getByLabel('Current password');
  await expect(password).toHaveAccessibleDescription('Needed to change your email. We will tell your old address about the change.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/Please enter your current password to change your email$/);
  await expectToast(page, 'Please enter your current password to change your email');
  await password.fill(customer.password);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Your profile has been updated');
  await expect(page).toHaveURL(`/account/${renamed.username}/account-details`);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account Details' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(renamed.username);
  await expect(page.getByLabel('Email')).toHaveValue(renamed.email);
  await expect(details.getByLabel('Current password')).toHaveCount(0);
  const account = accountLink(page);
  await expect(account).toHaveAttribute('href', `/account/${renamed.username}`);
  await account.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${renamed.username}`);
  // the new email is the one the shop knows now
  const login = await logInThroughApi(request, { email: renamed.email, password: customer.password });
  expect(login.username).toBe(renamed.username);

  await page.getByRole('button', { name: /^Logout/ }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(accountLink(page)).toHaveCount(0);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('userInfoDetailsAfterLoginPage');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test("a customer cannot open another user's account, and an unknown page shows the error screen", async ({ page, request, shot }) => {
  const customer = await registerCustomer(request);
  await page.goto('/');
  await logIn(page, customer);
  await expect(accountLink(page)).toHaveAttribute('href', `/account/${customer.username}`);

  for (const path of [`/account/${ADMIN.username}`, `/account/${ADMIN.username}/my-orders`, `/dashboard/${ADMIN.username}/users`]) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'New products' })).toBeVisible();
  }
  await expect(accountLink(page)).toBeVisible();

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
  await expect(page.getByText('404 Not Found', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  await snap(page, shot, 'error-screen');
});
