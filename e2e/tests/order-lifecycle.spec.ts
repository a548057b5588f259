// The order lifecycle (issue 16), at phone and desktop size: a customer orders, the admin ships and then delivers
// it (each move asked first), and the customer follows it on a timeline; a customer cancels an accepted order; My
// Orders and the admin lists need no sideways scrolling on a 375 px phone.
import type { Page } from '@playwright/test';
import { formatDateTime } from '@shop/core/dates';
import { addToCart, call, catalogWithCustomer, ordersOf, placeCardOrder, placeCashOrder, runTag, useSession } from './api.ts';
import { expect, expectToast, test, useLanguage } from './fixtures.ts';
import { fillBilling } from './forms.ts';

/** The page is no wider than the screen, and the list does not scroll sideways inside it either. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
    lists: Array.from(document.querySelectorAll<HTMLElement>('main .table-scroll')).map((el) => el.scrollWidth - el.clientWidth),
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  expect(widths.lists.length).toBeGreaterThan(0);
  for (const overflow of widths.lists) expect(overflow).toBeLessThanOrEqual(0);
}

async function expectOnScreen(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'shown').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test('a customer orders, the admin ships and delivers it, and the customer sees the timeline', async ({ page, request, context, baseURL, shot }, testInfo) => {
  test.setTimeout(180_000);
  const tag = runTag(testInfo);
  const { admin, products, customer } = await catalogWithCustomer(request, tag);
  const shirt = products[0]!;

  // The customer checks out the cart with cash.
  await addToCart(request, customer, shirt, 1);
  await useSession(context, baseURL!, customer);
  await page.goto('/checkout');
  await expect(page.getByText(shirt.name)).toBeVisible();
  await fillBilling(page, {
    firstName: 'Nour', secondName: `Lifecycle ${tag}`, phoneNumber: '01012345678', email: customer.email, city: 'Heliopolis', address: '3 Baghdad Street',
  });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/my-orders\/[^/]+$/);
  const [placed] = await ordersOf(request, customer);
  expect(placed!.status).toBe('accepted');

  // The admin finds it among the accepted orders and ships it, asked first.
  await context.clearCookies();
  await useSession(context, baseURL!, admin);
  await page.goto(`/dashboard/${admin.username}/orders`);
  await page.getByLabel('Status').selectOption('accepted');
  await expect(page).toHaveURL(/status=accepted/);
  const row = page.getByRole('row').filter({ hasText: `@${customer.username}` });
  await expect(row).toContainText('Accepted');
  await row.getByRole('link', { name: `View order #${placed!.number}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${placed!.number}`);
  await expect(page.locator('.admin-head')).toContainText('Nour');
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByRole('button')).toHaveText(['Mark as shipped', 'Cancel order']);

  await status.getByRole('button', { name: 'Mark as shipped' }).click();
  const ship = page.getByRole('dialog', { name: 'Mark this order as shipped?' });
  await expect(ship.getByRole('button', { name: 'Not yet' })).toBeFocused();
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expectToast(page, 'Order has been marked as shipped');
  await expect(status.getByRole('listitem')).toContainText(['Order placed', 'Shipped', 'Delivered']);
  await expect(status.getByRole('listitem').nth(2)).toContainText('Not yet');
  await expect(status.getByRole('button')).toHaveText(['Mark as delivered', 'Cancel order']);
  await shot('admin-order-shipped');

  await status.getByRole('button', { name: 'Mark as delivered' }).click();
  const deliver = page.getByRole('dialog', { name: 'Mark this order as delivered?' });
  await deliver.getByRole('button', { name: 'Mark as delivered' }).click();
  await expectToast(page, 'Order has been marked as delivered');
  await expect(status.getByRole('button')).toHaveCount(0);
  await expect(status).toContainText('Delivered: nothing more to do.');

  // The customer sees it delivered in My Orders, and each step with its date and time on the order's page.
  const delivered = await call(request, 'getOrder', { params: { orderId: placed!._id }, token: customer.token });
  expect(delivered.history.map((change) => change.status)).toEqual(['accepted', 'shipped', 'delivered']);
  await context.clearCookies();
  await useSession(context, baseURL!, customer);
  await page.goto(`/account/${customer.username}/my-orders`);
  await expect(page.getByRole('row').filter({ hasText: 'Delivered' })).toHaveCount(1);
  await page.getByRole('link', { name: `View order #${placed!.number}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${placed!.number}`);
  const timeline = page.getByRole('region', { name: 'Status' }).getByRole('listitem');
  await expect(timeline).toHaveCount(3);
  for (const [index, change] of delivered.history.entries()) {
    await expect(timeline.nth(index)).toContainText([['Order placed', 'Shipped', 'Delivered'][index]!, formatDateTime(change.at)].join(''));
  }
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await shot('order-timeline-delivered');
});

test('a customer cancels an accepted order from its page, asked first', async ({ page, request, context, baseURL }, testInfo) => {
  const tag = runTag(testInfo);
  const { products, customer } = await catalogWithCustomer(request, tag);
  await addToCart(request, customer, products[1]!, 1);
  const orderId = await placeCashOrder(request, customer, [{ product: products[1]!, quantity: 1 }]);
  await useSession(context, baseURL!, customer);

  await page.goto(`/account/${customer.username}/my-orders/${orderId}`);
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByRole('listitem')).toContainText(['Order placed', 'Shipped', 'Delivered']);
  await status.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
  // keeping it changes nothing
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(status.getByRole('button', { name: 'Cancel order' })).toBeFocused();

  await status.getByRole('button', { name: 'Cancel order' }).click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expectToast(page, 'Order has been canceled');
  await expect(status.getByRole('listitem')).toContainText(['Order placed', 'Canceled']);
  await expect(status.getByRole('listitem')).toHaveCount(2);
  await expect(status.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByText(/^Placed on .+ · Canceled$/)).toBeVisible();
  expect((await call(request, 'getOrder', { params: { orderId }, token: customer.token })).status).toBe('canceled');
});

test('a canceled card order shows its refund, back on the card, to the customer and the admin, in English and Arabic', async ({ page, request, context, baseURL }, testInfo) => {
  const tag = runTag(testInfo);
  const { admin, products, customer } = await catalogWithCustomer(request, tag);
  await addToCart(request, customer, products[1]!, 1);
  const orderId = await placeCardOrder(request, customer, [{ product: products[1]!, quantity: 1 }]);
  const canceled = await call(request, 'moveOrder', { params: { id: orderId }, body: { status: 'canceled' }, token: admin.token });
  expect(canceled.message).toBe('Order has been canceled and the card payment refunded');
  const amount = canceled.refund!.amount;

  await useSession(context, baseURL!, customer);
  await page.goto(`/account/${customer.username}/my-orders/${orderId}`);
  const refund = page.locator('.order__refund');
  await expect(refund.locator('dt')).toHaveText('Refund');
  await expect(refund.locator('dd')).toContainText('Back on the card');
  await expect(refund.locator('dd')).toContainText(String(amount));

  await useLanguage(context, baseURL!, 'ar');
  await page.reload();
  await expect(refund.locator('dt')).toHaveText('استرداد المبلغ');
  await expect(refund.locator('dd')).toContainText('أُعيد إلى البطاقة');

  await useLanguage(context, baseURL!, 'en');
  await useSession(context, baseURL!, admin);
  await page.goto(`/dashboard/${encodeURIComponent(admin.username)}/orders/${orderId}`);
  await expect(refund.locator('dd')).toContainText('Back on the card');
});

test('My Orders and the admin lists need no sideways scrolling on a 375 px phone', async ({ page, request, context, baseURL, shot }, testInfo) => {
  const tag = runTag(testInfo);
  await page.setViewportSize({ width: 375, height: 812 });
  const { admin, products, customer } = await catalogWithCustomer(request, tag);
  await addToCart(request, customer, products[0]!, 1);
  await placeCashOrder(request, customer, [{ product: products[0]!, quantity: 1 }]);
  await useSession(context, baseURL!, customer);

  await page.goto(`/account/${customer.username}/my-orders`);
  const card = page.getByRole('row').filter({ hasText: 'Accepted' }).first();
  await expect(card).toBeVisible();
  await expectNoSidewaysScroll(page);
  // what used to be off screen: the way of payment, the total and View
  await expectOnScreen(page, card.getByRole('cell').filter({ hasText: 'Cash on delivery' }));
  await expectOnScreen(page, card.getByRole('cell').filter({ hasText: 'EGP' }));
  await expectOnScreen(page, card.getByRole('link', { name: /^View order/ }));
  await shot('my-orders-375');

  await context.clearCookies();
  await useSession(context, baseURL!, admin);
  for (const list of ['orders', 'products', 'users', 'categories']) {
    await page.goto(`/dashboard/${admin.username}/${list}`);
    await expect(page.locator('main .skeleton')).toHaveCount(0);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectNoSidewaysScroll(page);
    const lastCell = page.getByRole('row').nth(1).getByRole('cell').last();
    await expectOnScreen(page, lastCell);
    await shot(`admin-${list}-375`);
  }
});
