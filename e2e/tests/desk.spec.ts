// Issue 31, the owner's desk: the admin's first page is Sales (a range of Cairo days, its totals, a chart, the best
// products and sizes, by governorate and payment, the sizes running out), in English and Arabic, and axe finds nothing
// on it; the admin makes a customer staff on the Users page, and that staff member signs in, sees Orders and Products
// but no Users or Settings, moves an order, and meets the 403 screen on the Users address; the owner's Activity page
// shows the move with the staff member's name. Phone and desktop projects.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Lang } from '@shop/core/locale';
import { addToCart, call, catalogWithCustomer, catalogWithOrder, placeCashOrder, registerCustomer, runTag, useSession } from './api.ts';
import { audit, report } from './axe.ts';
import { catalogNames, expectArabicPage, namesSeen } from './english-left.ts';
import { expect, expectToast, logIn, test, useLanguage } from './fixtures.ts';

const WORDS = {
  en: {
    sales: 'Sales', export: 'Export orders (CSV)', today: 'Today', days30: '30 days', from: 'From', to: 'To', show: 'Show', top: 'Top products', nothing: 'Nothing in this range.',
    chart: /^Revenue by day from .+; the best day was .+, with EGP [\d,.]+\.$/, empty: 'No sales from Jan 1 to Jan 7.', placed: 'Orders placed', money: /EGP [\d,.]+/,
  },
  ar: {
    sales: 'المبيعات', export: 'تصدير الطلبات إلى جدول بيانات', today: 'اليوم', days30: '٣٠ يومًا', from: 'من', to: 'إلى', show: 'اعرض', top: 'المنتجات الأكثر مبيعًا', nothing: 'لا شيء في هذه المدة.',
    chart: /^الإيراد يومًا بيوم من .+؛ أفضل يوم كان .+ بإيراد [٠-٩٬٫]+ ج\.م\.$/, empty: /^لا مبيعات من .+ إلى .+\.$/, placed: 'الطلبات المقدَّمة', money: /[٠-٩٬٫]+ ج\.م\./,
  },
} as const;

/** The screen has loaded: no loading screen, no busy figures. */
async function settled(page: Page) {
  await expect(page.locator('.loading-screen')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
  test(`the owner reads the sales page, in ${lang === 'en' ? 'English' : 'Arabic'}`, async ({ page, request, context, baseURL, shot }, testInfo) => {
    test.setTimeout(120_000);
    const words = WORDS[lang];
    const { admin, products, customer } = await catalogWithCustomer(request, runTag(testInfo));
    // twenty pieces in one order: more than other journeys buy of one product
    const trousers = products[1]!;
    await addToCart(request, customer, trousers, 20);
    await placeCashOrder(request, customer, [{ product: trousers, quantity: 20 }], { Governorate: 'Alexandria', firstName: 'منى' });
    await useSession(context, baseURL!, admin);
    await useLanguage(context, baseURL!, lang);
    const dashboard = `/dashboard/${encodeURIComponent(admin.username)}`;

    // the dashboard opens on Sales, the last 30 days
    await page.goto(dashboard);
    await expect(page).toHaveURL(`${dashboard}/sales`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.sales);
    await expect(page.getByRole('button', { name: words.days30 })).toHaveAttribute('aria-pressed', 'true');
    await settled(page);
    await expect(page.getByRole('img', { name: words.chart })).toBeVisible();
    const placed = page.locator('.sales-totals__item').filter({ has: page.getByText(words.placed, { exact: true }) });
    await expect(placed.locator('dd')).not.toHaveText(lang === 'en' ? '0' : '٠');
    await expect(page.locator('.sales-totals')).toContainText(words.money);
    // the trousers are among the best sellers (other runs' twenty pieces may tie), linking to their edit page
    const top = page.getByRole('region', { name: words.top });
    const shown = lang === 'en' ? trousers.name : trousers.nameAr!;
    await expect(top.getByRole('link', { name: shown }).first()).toHaveAttribute('href', `/products/${encodeURIComponent(trousers.name)}/update`);
    await expect(top.getByRole('row').filter({ hasText: shown }).first()).toContainText(lang === 'en' ? '20' : '٢٠');
    if (lang === 'ar') await expectArabicPage(page, namesSeen(() => catalogNames(request)));
    await shot(`sales-${lang}`);
    report(await audit(page, `sales (${lang})`));

    // the range's orders as a spreadsheet: a BOM for Excel, the customer's Arabic intact
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: words.export }).click();
    const file = await (await download).path();
    const csv = readFileSync(file!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('placed (Cairo time)');
    expect(csv).toContain(`${trousers.name} x 20`);
    expect(csv).toContain('منى');

    // today, then a week of 2020 with nothing sold
    await page.getByRole('button', { name: words.today }).click();
    await expect(page).toHaveURL(/range=today/);
    await settled(page);
    await expect(top.getByRole('link', { name: shown }).first()).toBeVisible();
    await page.getByLabel(words.from, { exact: true }).fill('2020-01-01');
    await page.getByLabel(words.to, { exact: true }).fill('2020-01-07');
    await page.getByRole('button', { name: words.show }).click();
    await expect(page).toHaveURL(/range=custom&from=2020-01-01&to=2020-01-07/);
    await settled(page);
    await expect(page.getByRole('img', { name: words.empty })).toBeVisible();
    await expect(page.getByText(words.nothing).first()).toBeVisible();
    if (lang === 'ar') await expectArabicPage(page, namesSeen(() => catalogNames(request)));
    report(await audit(page, `sales of an empty range (${lang})`));
  });
}

test('the owner makes a customer staff, who moves an order and cannot open Users; Activity names them', async ({ page, request, context, baseURL, shot }, testInfo) => {
  test.setTimeout(120_000);
  const { admin, orderId } = await catalogWithOrder(request, runTag(testInfo));
  const packer = await registerCustomer(request);
  const dashboardOf = (username: string) => `/dashboard/${encodeURIComponent(username)}`;

  // the owner, on the Users page: the packer's role select
  await useSession(context, baseURL!, admin);
  await page.goto(`${dashboardOf(admin.username)}/users`);
  await settled(page);
  await page.getByLabel(`Role of ${packer.username}`).selectOption('staff');
  await expectToast(page, 'Role updated');
  expect((await call(request, 'login', { body: { email: packer.email, password: packer.password } })).role).toBe('staff');

  // the packer signs in: Orders and Products, nothing of the owner's
  await context.clearCookies();
  await page.goto('/');
  await logIn(page, packer);
  await page.goto(`/account/${encodeURIComponent(packer.username)}`);
  await expect(page.getByText('Staff account')).toBeVisible();
  for (const tile of ['Orders', 'Products']) await expect(page.getByRole('link', { name: new RegExp(`^${tile}\\b`) })).toBeVisible();
  for (const tile of ['Users', 'Settings', 'Sales', 'Categories']) await expect(page.getByRole('link', { name: new RegExp(`^${tile}\\b`) })).toHaveCount(0);
  await shot('staff-hub');

  await page.getByRole('link', { name: /^Orders\b/ }).click();
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link')).toHaveText(['Orders', 'Products']);

  // the packer ships the order from its page
  await page.goto(`${dashboardOf(packer.username)}/orders/${orderId}`);
  const status = page.getByRole('region', { name: 'Status' });
  await status.getByRole('button', { name: 'Mark as shipped' }).click();
  await page.getByRole('dialog', { name: 'Mark this order as shipped?' }).getByRole('button', { name: 'Mark as shipped' }).click();
  await expectToast(page, 'Order has been marked as shipped');
  expect((await call(request, 'getOrder', { params: { orderId }, token: admin.token })).status).toBe('shipped');

  // the Users address, typed: the 403 screen, and the API refuses it too
  await page.goto(`${dashboardOf(packer.username)}/users`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No access');
  await expect(page.getByRole('link', { name: 'Go to orders' })).toBeVisible();
  await settled(page);
  await shot('staff-no-access');
  report(await audit(page, 'the 403 screen'));
  await page.goto(`${dashboardOf(packer.username)}/settings`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No access');

  // the owner's Activity page shows the move with the packer's name, and the order's history says who
  await context.clearCookies();
  await useSession(context, baseURL!, admin);
  await page.goto(`${dashboardOf(admin.username)}/activity`);
  await page.getByLabel('Show').selectOption('order');
  await expect(page).toHaveURL(/entity=order/);
  const move = page.getByRole('row').filter({ hasText: packer.username }).filter({ hasText: 'Moved an order' });
  await expect(move).toContainText('Status: Order placed changed to Shipped');
  await settled(page);
  await shot('activity');
  report(await audit(page, 'the activity page'));
  await move.getByRole('link', { name: /^Order / }).click();
  await expect(page).toHaveURL(`${dashboardOf(admin.username)}/orders/${orderId}`);
  await expect(page.getByRole('region', { name: 'Status' })).toContainText(`by ${packer.username}`);
});
