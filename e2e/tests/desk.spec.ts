// Issue 31, the owner's desk: the admin's first page is Sales (a range of Cairo days, its totals, a chart, the best
// products and sizes, by governorate and payment, the sizes running out), in English and Arabic, and axe finds nothing
// on it; the admin makes a customer staff on the Users page, and that staff member signs in, sees Orders and Products
// but no Users or Settings, moves an order, and meets the 403 screen on the Users address; the owner's Activity page
// shows the move with the staff member's name; the products' spreadsheet opens, and an import with one bad row shows
// it by row and column and writes nothing, then the corrected file imports. English and Arabic, phone and desktop.
import { readFileSync } from 'node:fs';
import type { Lang } from '@shop/core/locale';
import {
  addToCart, adminAccount, call, catalogWithCustomer, catalogWithOrder, logInThroughApi, newCatalog, placeCashOrder, registerCustomer, runTag, statusOf, useSession,
} from './api.ts';
import { audit, report } from './axe.ts';
import { catalogNames, expectArabicPage, namesSeen } from './english-left.ts';
import { expect, expectToast, logIn, test, useLanguage } from './fixtures.ts';
import { settled } from './page-steps.ts';

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

const STAFF_WORDS = {
  en: {
    role: (name: string) => `Role of ${name}`, roleUpdated: 'Role updated', staffAccount: 'Staff account', orders: 'Orders', confirmations: 'Confirm orders', products: 'Products',
    hidden: ['Users', 'Settings', 'Sales', 'Categories'], dashboard: 'Dashboard', status: 'Status', ship: 'Mark as shipped', shipDialog: 'Mark this order as shipped?',
    shipped: 'Order has been marked as shipped', noAccess: 'No access', toOrders: 'Go to orders', show: 'Show', moved: 'Moved an order',
    change: 'Status: Order placed changed to Shipped', order: /^Order /, by: (name: string) => `by ${name}`,
  },
  ar: {
    role: (name: string) => `دور ${name}`, roleUpdated: 'تم تحديث الدور', staffAccount: 'حساب فريق العمل', orders: 'الطلبات', confirmations: 'تأكيد الطلبات', products: 'المنتجات',
    hidden: ['المستخدمون', 'الإعدادات', 'المبيعات', 'الأقسام'], dashboard: 'لوحة التحكم', status: 'الحالة', ship: 'تسجيل الشحن', shipDialog: 'هل شُحن هذا الطلب؟',
    shipped: 'تم تسجيل شحن الطلب', noAccess: 'لا صلاحية', toOrders: 'اذهب إلى الطلبات', show: 'اعرض', moved: 'نقل طلبًا',
    change: null, order: /^الطلب /, by: (name: string) => `بواسطة ${name}`,
  },
} as const;

for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
  test(`the owner makes a customer staff, who moves an order and cannot open Users; Activity names them, in ${lang === 'en' ? 'English' : 'Arabic'}`, async ({ page, request, context, baseURL, shot }, testInfo) => {
    test.setTimeout(120_000);
    const words = STAFF_WORDS[lang];
    const { admin, orderId } = await catalogWithOrder(request, runTag(testInfo));
    const packer = await registerCustomer(request);
    const dashboardOf = (username: string) => `/dashboard/${encodeURIComponent(username)}`;
    const tile = (name: string) => page.getByRole('link', { name: new RegExp(`^${name}(\\s|$)`) });

    // the owner, on the Users page: the packer's role select
    await useSession(context, baseURL!, admin);
    await useLanguage(context, baseURL!, lang);
    await page.goto(`${dashboardOf(admin.username)}/users`);
    await settled(page);
    await page.getByLabel(words.role(packer.username)).selectOption('staff');
    await expectToast(page, words.roleUpdated);
    expect((await logInThroughApi(request, packer)).role).toBe('staff');

    // the packer signs in (in English through the login form): Orders and Products, nothing of the owner's
    await context.clearCookies();
    await useLanguage(context, baseURL!, lang);
    if (lang === 'en') {
      await page.goto('/');
      await logIn(page, packer);
    } else {
      await useSession(context, baseURL!, await logInThroughApi(request, packer));
    }
    await page.goto(`/account/${encodeURIComponent(packer.username)}`);
    await expect(page.getByText(words.staffAccount)).toBeVisible();
    for (const name of [words.orders, words.products]) await expect(tile(name)).toBeVisible();
    for (const name of words.hidden) await expect(tile(name)).toHaveCount(0);
    await shot(`staff-hub-${lang}`);

    await tile(words.orders).click();
    const nav = page.getByRole('navigation', { name: words.dashboard });
    await expect(nav.getByRole('link')).toHaveText([words.orders, words.confirmations, words.products]);

    // the packer ships the order from its page
    await page.goto(`${dashboardOf(packer.username)}/orders/${orderId}`);
    const status = page.getByRole('region', { name: words.status });
    await status.getByRole('button', { name: words.ship }).click();
    await page.getByRole('dialog', { name: words.shipDialog }).getByRole('button', { name: words.ship }).click();
    await expectToast(page, words.shipped);
    expect((await call(request, 'getOrder', { params: { orderId }, token: admin.token })).status).toBe('shipped');

    // the Users address, typed: the 403 screen, and the API refuses it too
    await page.goto(`${dashboardOf(packer.username)}/users`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.noAccess);
    await expect(page.getByRole('link', { name: words.toOrders })).toBeVisible();
    await settled(page);
    await shot(`staff-no-access-${lang}`);
    report(await audit(page, `the 403 screen (${lang})`));
    await page.goto(`${dashboardOf(packer.username)}/settings`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.noAccess);

    // the owner's Activity page shows the move with the packer's name, and the order's history says who
    await context.clearCookies();
    await useSession(context, baseURL!, admin);
    await useLanguage(context, baseURL!, lang);
    await page.goto(`${dashboardOf(admin.username)}/activity`);
    await page.getByLabel(words.show).selectOption('order');
    await expect(page).toHaveURL(/entity=order/);
    const move = page.getByRole('row').filter({ hasText: packer.username }).filter({ hasText: words.moved });
    if (words.change) await expect(move).toContainText(words.change);
    else await expect(move).toBeVisible();
    await settled(page);
    // what people wrote stays as written: the accounts' names, and the orders' numbers (the start of their id)
    if (lang === 'ar') await expectArabicPage(page, namesSeen(() => catalogNames(request)), [/\b(shopper-[a-z0-9]+|e2e-admin)\b/g, /\b[0-9a-f]{8}\b/g]);
    await shot(`activity-${lang}`);
    report(await audit(page, `the activity page (${lang})`));
    await move.getByRole('link', { name: words.order }).click();
    await expect(page).toHaveURL(`${dashboardOf(admin.username)}/orders/${orderId}`);
    await expect(page.getByRole('region', { name: words.status })).toContainText(words.by(packer.username));
  });
}

const IMPORT_WORDS = {
  en: {
    open: 'Import products (CSV)', file: 'Spreadsheet file (CSV)', counts: '1 to add, 0 to update.', problems: '1 problem in the file: nothing will be imported until it is corrected.',
    table: 'Problems in the file', problem: 'There is no women category called "Nowhere"', none: 'No problems found.', importOne: 'Import 2 products', imported: 'Products have been imported',
  },
  ar: {
    open: 'استيراد المنتجات من جدول بيانات', file: 'ملف جدول البيانات (CSV)', counts: 'للإضافة: ١، للتحديث: ٠.', problems: 'مشكلة واحدة في الملف: لن يُستورد شيء حتى تُصحَّح.',
    table: 'مشكلات الملف', problem: 'لا يوجد قسم باسم «Nowhere» في النساء', none: 'لا توجد مشكلات.', importOne: 'استيراد المنتجات (٢)', imported: 'تم استيراد المنتجات',
  },
} as const;

for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
  test(`the owner exports the products, and an import with one bad row shows it and writes nothing, in ${lang === 'en' ? 'English' : 'Arabic'}`, async ({ page, request, context, baseURL, shot }, testInfo) => {
    test.setTimeout(120_000);
    const words = IMPORT_WORDS[lang];
    const tag = runTag(testInfo);
    const admin = await adminAccount(request);
    const { category, products } = await newCatalog(request, admin, tag);
    await useSession(context, baseURL!, admin);
    await useLanguage(context, baseURL!, lang);
    await page.goto(`/dashboard/${encodeURIComponent(admin.username)}/products`);
    await settled(page);

    // the products' spreadsheet opens with this run's products in it
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: lang === 'en' ? 'Export products (CSV)' : 'تصدير المنتجات إلى جدول بيانات' }).click();
    const exported = readFileSync((await (await download).path())!, 'utf8');
    expect(exported.startsWith('\uFEFF')).toBe(true);
    expect(exported).toContain(products[0]!.name);

    // a file of two new products, one of them in a category that does not exist; the export's header ends with the
    // style and colour, which the first sets and the second leaves blank
    const header = exported.slice(1).split('\r\n')[0]!;
    expect(header.endsWith(',style,colour,colour (Arabic),colour (hex)')).toBe(true);
    const good = `New Linen Shirt ${tag}`;
    const bad = `New Coat ${tag}`;
    const file = `\uFEFF${header}\r\n"${good}",قميص كتان,"Soft, light",,${category},women,350,0,S:2 | M:0,/images/collection-women-800.webp,linen-${tag},Sand,رملي,#c2b280\r\n`
      + `"${bad}",,Warm,,Nowhere,women,900,0,M:1,/images/collection-women-800.webp,,,,\r\n`;
    const toggle = page.getByRole('button', { name: words.open });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('region', { name: words.open });
    await panel.getByLabel(words.file).setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
    await expect(panel.getByRole('status')).toContainText(words.counts);
    await expect(panel.getByRole('status')).toContainText(words.problems);
    const problems = panel.getByRole('table', { name: words.table });
    await expect(problems.getByRole('row')).toHaveCount(2);
    await expect(problems.getByRole('row').nth(1)).toContainText(lang === 'en' ? '3' : '٣');
    await expect(problems.getByRole('row').nth(1)).toContainText('category');
    await expect(problems.getByRole('row').nth(1)).toContainText(words.problem);
    await expect(panel.getByRole('button', { name: words.importOne })).toHaveCount(0);
    await shot(`import-errors-${lang}`);
    report(await audit(page, `the import's problems (${lang})`));
    // nothing was written
    expect(await statusOf(request, 'getProduct', { params: { x: good } })).toBe(404);

    // the corrected file imports both
    await panel.getByLabel(words.file).setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(file.replace(',Nowhere,', `,${category},`), 'utf8') });
    await expect(panel.getByRole('status')).toContainText(words.none);
    await panel.getByRole('button', { name: words.importOne }).click();
    await expectToast(page, words.imported);
    const imported = await call(request, 'getProduct', { params: { x: good } });
    expect(imported.sizes).toEqual([{ size: 'S', stock: 2 }, { size: 'M', stock: 0 }]);
    expect(imported.color).toEqual({ name: 'Sand', nameAr: 'رملي', hex: '#c2b280' });
    expect(imported.style).toBe(`linen-${tag}`);
    expect((await call(request, 'getProduct', { params: { x: bad } })).category).toBe(category);
  });
}
