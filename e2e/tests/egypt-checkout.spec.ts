// Issue 29 ("Checkout for Egypt", PRODUCT section 8), the storefront's side, at phone and desktop size, in English and
// Arabic (each test takes one language at each size): a customer sees delivery change with the governorate (Aswan
// at EGP 85 with a EGP 15 cash fee and free delivery over EGP 2,000), applies a 10% code, orders, and the order page
// and the mail show each figure; a guest orders by keyboard alone, opens the order link from the mail, and makes an
// account from it. The admin's screens for the table and the codes have their own journey: here the admin sets them
// through the API. axe runs on the new screens.
import type { TestInfo } from '@playwright/test';
import type { Governorate } from '@shop/core/constants';
import type { Lang } from '@shop/core/locale';
import { GOVERNORATES_AR } from '@shop/core/messages.ar';
import { formatEgp } from '@shop/core/money';
import { formatOrderNumber } from '@shop/core/order-number';
import type { Product } from '@shop/core/contract/catalog';
import { addToCart, adminAccount, call, newCatalog, ordersOf, placeCashOrder, registerCustomer, runTag, useSession, type Account } from './api.ts';
import { audit, report } from './axe.ts';
import { expect, productPath, test, toasts, useLanguage } from './fixtures.ts';
import { fillBilling } from './forms.ts';
import { latestMail } from './outbox.ts';
import { withShippingTable } from './shipping-table.ts';
import { tabTo } from './page-steps.ts';

const ASWAN = { governorate: 'Aswan', fee: 85, codFee: 15, minDays: 3, maxDays: 6, freeOver: 2000, enabled: true } as const;

const WORDS = {
  en: {
    deliverTo: 'Deliver to',
    deliveryTo: (governorate: Governorate) => `Delivery to ${governorate}`,
    cashFee: 'Cash on delivery fee',
    more: (amount: string) => `${amount} more for free delivery`,
    days: 'Delivery in 3-6 days',
    discount: (code: string) => `Discount (${code})`,
    subtotal: 'Subtotal',
    total: 'Total',
    summary: 'Order summary',
    yourOrder: 'Your order',
    code: 'Discount code',
    apply: 'Apply',
    unknownCode: 'This code is not valid',
    applied: (code: string) => `Code ${code} applied`,
    checkOut: 'Check out',
    governorate: 'Governorate',
    credit: 'Card',
    cash: 'Cash on delivery',
    placeOrder: 'Place order',
    placed: 'Your order has been placed',
    added: 'Product has been added to your cart',
    cartOne: 'Cart, 1 item',
    cartHeading: 'Your cart',
    order: (number: number) => `Order ${formatOrderNumber(number, 'en')}`,
    anOrder: /^Order #\d+$/,
    thanks: 'Thank you for your order',
    createAccount: 'Create an account',
    password: 'Password',
    accountMade: 'Your account has been created and this order is in it',
    increase: 'Increase quantity',
    addToCart: 'Add to cart',
    billing: { firstName: 'First name', secondName: 'Second name', phoneNumber: 'Phone', email: 'Email', city: 'City', address: 'Address' },
  },
  ar: {
    deliverTo: 'التوصيل إلى',
    deliveryTo: (governorate: Governorate) => `التوصيل إلى ${GOVERNORATES_AR[governorate]}`,
    cashFee: 'رسوم الدفع عند الاستلام',
    more: (amount: string) => `أضف ${amount} لتحصل على توصيل مجاني`,
    days: 'التوصيل خلال ٣ إلى ٦ أيام',
    discount: (code: string) => `الخصم (${code})`,
    subtotal: 'المجموع الفرعي',
    total: 'الإجمالي',
    summary: 'ملخص الطلب',
    yourOrder: 'طلبك',
    code: 'كود الخصم',
    apply: 'تطبيق',
    unknownCode: 'هذا الكود غير صالح',
    applied: (code: string) => `تم تطبيق الكود ${code}`,
    checkOut: 'إتمام الشراء',
    governorate: 'المحافظة',
    credit: 'بطاقة',
    cash: 'الدفع نقدًا عند الاستلام',
    placeOrder: 'تأكيد الطلب',
    placed: 'تم تسجيل طلبك',
    added: 'تمت إضافة المنتج إلى سلتك',
    cartOne: 'السلة، منتج واحد',
    cartHeading: 'سلتك',
    order: (number: number) => `الطلب ${formatOrderNumber(number, 'ar')}`,
    anOrder: /^الطلب #[٠-٩]+$/,
    thanks: 'شكرًا لطلبك',
    createAccount: 'إنشاء حساب',
    password: 'كلمة المرور',
    accountMade: 'تم إنشاء حسابك وأصبح هذا الطلب فيه',
    increase: 'زيادة الكمية',
    addToCart: 'أضف إلى السلة',
    billing: { firstName: 'الاسم الأول', secondName: 'اسم العائلة', phoneNumber: 'الهاتف', email: 'البريد الإلكتروني', city: 'المدينة', address: 'العنوان' },
  },
} as const;

/** An amount as a mail writes it in either language: "EGP 85", "٨٥ ج.م.". */
function mailAmounts(amount: number): string[] {
  return [formatEgp(amount, 'en'), formatEgp(amount, 'ar')];
}

/**
 * The delivery table is the whole shop's: the journey holds it alone (shipping-table.ts: the admin's Delivery journey
 * and the other viewport's run wait), sets the Aswan row, and puts the table back as it found it.
 */
async function withAswan(_testInfo: TestInfo, admin: Account, request: Parameters<typeof call>[0], journey: () => Promise<void>) {
  await withShippingTable(request, admin, async () => {
    await call(request, 'updateShipping', { body: [ASWAN], token: admin.token });
    await journey();
  });
}

test.describe('a customer', () => {
  // the unknown code's 400, which the page shows at the field, is logged by Chromium
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test('sees delivery change with the governorate, applies a code, orders, and the order page and mail show every figure', async ({ page, context, request, baseURL }, testInfo) => {
    test.setTimeout(150_000);
    const lang: Lang = testInfo.project.name === 'phone' ? 'en' : 'ar';
    const words = WORDS[lang];
    const money = (amount: number) => formatEgp(amount, lang);
    const tag = runTag(testInfo);
    const admin = await adminAccount(request);
    const code = `TEN-${tag}`.toUpperCase();
    await call(request, 'addCoupon', {
      body: { code, kind: 'percent', value: 10, minSubtotal: 0, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null, active: true },
      token: admin.token,
    });
    const { products } = await newCatalog(request, admin, tag);
    const trousers = products[1] as Product;
    const customer = await registerCustomer(request);
    // EGP 600: under Aswan's EGP 2,000 for free delivery
    await addToCart(request, customer, trousers, 1);
    await useLanguage(context, baseURL!, lang);
    await useSession(context, baseURL!, customer);
    const problems: string[] = [];

    await withAswan(testInfo, admin, request, async () => {
      await page.goto('/cart');
      await expect(page.getByRole('heading', { level: 1, name: words.cartHeading })).toBeVisible();
      const summary = page.getByRole('complementary', { name: words.summary });
      // Cairo first: the default table's EGP 30, no cash fee
      await expect(summary).toContainText(`${words.deliveryTo('Cairo')}${money(30)}`);
      await expect(summary).not.toContainText(words.cashFee);
      await expect(summary).toContainText(`${words.total}${money(630)}`);

      // Aswan: its fee, its cash fee, how far free delivery is, its days
      await page.getByLabel(words.deliverTo).selectOption('Aswan');
      await expect(summary).toContainText(`${words.deliveryTo('Aswan')}${money(85)}`);
      await expect(summary).toContainText(`${words.cashFee}${money(15)}`);
      await expect(summary).toContainText(words.more(formatEgp(1400, lang)));
      await expect(summary).toContainText(words.days);
      await expect(summary).toContainText(`${words.total}${money(700)}`);

      // a code that does not exist: the reason at the field, said aloud; then the real one
      const field = page.getByLabel(words.code);
      await field.fill('NO-SUCH-CODE');
      await page.getByRole('button', { name: words.apply }).click();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(words.unknownCode);
      await expect(page.locator('[role="alert"][aria-live="assertive"]')).toHaveText(words.unknownCode);
      await expect(field).toBeFocused();
      await field.fill(code.toLowerCase());
      await field.press('Enter');
      await expect(summary).toContainText(words.applied(code));
      await expect(summary).toContainText(`${words.discount(code)}−${money(60)}`);
      await expect(summary).toContainText(`${words.total}${money(640)}`);
      problems.push(...(await audit(page, `cart with a code, Aswan (${lang})`)));

      // the checkout starts from the cart's governorate; the figures follow the select and the way of paying
      await page.getByRole('link', { name: words.checkOut }).click();
      const order = page.getByRole('complementary', { name: words.yourOrder });
      await expect(page.getByLabel(words.governorate)).toHaveValue('Aswan');
      await expect(order).toContainText(`${words.total}${money(640)}`);
      await page.getByLabel(words.governorate).selectOption('Giza');
      await expect(order).toContainText(`${words.deliveryTo('Giza')}${money(30)}`);
      await expect(order).not.toContainText(words.cashFee);
      await expect(order).toContainText(`${words.total}${money(570)}`);
      await page.getByLabel(words.governorate).selectOption('Aswan');
      await page.getByRole('radio', { name: words.credit }).check();
      // by card: no cash fee
      await expect(order).toContainText(`${words.total}${money(625)}`);
      await expect(order).not.toContainText(words.cashFee);
      await page.getByRole('radio', { name: words.cash }).check();
      await expect(order).toContainText(`${words.cashFee}${money(15)}`);
      await expect(order).toContainText(`${words.total}${money(640)}`);
      await fillBilling(page, { firstName: 'Mona', secondName: 'Adel', phoneNumber: '01001234567', city: 'Aswan', address: '3 Corniche El Nil' }, lang);
      problems.push(...(await audit(page, `checkout, Aswan with a code (${lang})`)));
      await page.getByRole('button', { name: words.placeOrder }).click();
      await expect(toasts(page).filter({ hasText: words.placed })).toBeVisible();
      // her order's page is the confirmation: "Thank you" first
      await expect(page).toHaveURL(/\/my-orders\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1, name: words.thanks })).toBeVisible();

      // the order keeps each figure, and the order page shows them
      const [placed] = await ordersOf(request, customer);
      expect(placed).toMatchObject({ subtotal: 600, discount: 60, shipping: 85, codFee: 15, couponCode: code, totalPrice: 640, Governorate: 'Aswan' });
      await page.goto(`/account/${encodeURIComponent(customer.username)}/my-orders/${placed!._id}`);
      // (the same address as the confirmation: reloaded, it still thanks her, its number under the thanks)
      await expect(page.locator('.order-head')).toContainText(words.order(placed!.number));
      const figures = page.locator('.order__totals');
      for (const row of [
        `${words.subtotal}${money(600)}`,
        `${words.discount(code)}−${money(60)}`,
        `${words.deliveryTo('Aswan')}${money(85)}`,
        `${words.cashFee}${money(15)}`,
        `${words.total}${money(640)}`,
      ]) {
        await expect(figures).toContainText(row);
      }
      problems.push(...(await audit(page, `order page with its figures (${lang})`)));

      // and the mail: the code and each figure, in the mail's language
      const mail = await latestMail(customer.email, /./);
      const text = `${mail.text ?? ''}\n${String(mail.html)}`;
      expect(text).toContain(code);
      for (const amount of [600, 60, 85, 15, 640]) {
        expect(mailAmounts(amount).some((written) => text.includes(written)), `the mail shows ${amount}`).toBe(true);
      }
    });
    report(problems);
  });
});

test('a guest orders by keyboard alone, opens the order from the mail, and makes an account from it', async ({ page, browser, request, context, baseURL }, testInfo) => {
  test.setTimeout(150_000);
  const lang: Lang = testInfo.project.name === 'phone' ? 'ar' : 'en';
  const words = WORDS[lang];
  const money = (amount: number) => formatEgp(amount, lang);
  const tag = runTag(testInfo);
  const admin = await adminAccount(request);
  const { products } = await newCatalog(request, admin, tag);
  const shirt = products[0] as Product;
  // EGP 450 less 20%: EGP 360 each
  const email = `guest-${tag}@shop.test`;
  await useLanguage(context, baseURL!, lang);
  const problems: string[] = [];

  await page.goto(productPath(shirt.name));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // a key press before the page's script has taken the button over does nothing: pressed until it counts
  const quantity = page.getByRole('spinbutton', { name: lang === 'en' ? 'Quantity' : 'الكمية' });
  const increase = page.getByRole('button', { name: words.increase });
  await tabTo(page, increase);
  await expect(async () => {
    await increase.press('Enter');
    await expect(quantity).toHaveValue(lang === 'en' ? '2' : /^(2|٢)$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await tabTo(page, page.getByRole('button', { name: words.addToCart }));
  await page.keyboard.press('Enter');
  await expect(toasts(page).filter({ hasText: words.added })).toBeVisible();
  const cartLink = page.getByRole('banner').getByRole('link', { name: words.cartOne });
  await tabTo(page, cartLink, { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: words.cartHeading })).toBeVisible();
  const summary = page.getByRole('complementary', { name: words.summary });
  await expect(summary).toContainText(`${words.total}${money(750)}`);

  await tabTo(page, page.getByRole('link', { name: words.checkOut }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: words.placeOrder })).toBeVisible();
  // a guest pays cash: no card
  await expect(page.getByRole('radio', { name: words.credit })).toHaveCount(0);
  const billing = { firstName: 'Salma', secondName: 'Fathy', phoneNumber: '01101234567', email, city: 'Heliopolis', address: '7 Baghdad Street' };
  for (const [name, value] of Object.entries(billing) as [keyof typeof billing, string][]) {
    await tabTo(page, page.getByLabel(words.billing[name], { exact: true }));
    await page.keyboard.type(value);
  }
  problems.push(...(await audit(page, `checkout, guest (${lang})`)));
  // on a phone the order and its total come before the button that places it (issue 42)
  if (testInfo.project.name === 'phone') {
    const totalBox = await page.getByRole('complementary', { name: words.yourOrder }).getByText(words.total, { exact: true }).boundingBox();
    const buttonBox = await page.getByRole('button', { name: words.placeOrder }).boundingBox();
    expect(totalBox!.y + totalBox!.height).toBeLessThanOrEqual(buttonBox!.y);
  }
  await tabTo(page, page.getByRole('button', { name: words.placeOrder }));
  await page.keyboard.press('Enter');

  // the confirmation: the order and its figures, and "Create an account"
  await expect(page.getByRole('heading', { level: 1, name: words.thanks })).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[^/?]+\?token=/);
  // its number, as the mail and the page the mail links to name it
  const numbered = page.locator('.order-head').getByText(words.anOrder);
  await expect(numbered).toBeVisible();
  const orderName = await numbered.innerText();
  await expect(page.locator('.order__totals')).toContainText(`${words.deliveryTo('Cairo')}${money(30)}`);
  await expect(page.locator('.order__totals')).toContainText(`${words.total}${money(750)}`);
  await expect(page.getByRole('region', { name: words.createAccount })).toBeVisible();
  // "Thank you" and the order's number above the offer of an account, which comes after the order
  const thanksBox = await page.getByRole('heading', { level: 1, name: words.thanks }).boundingBox();
  const numberBox = await numbered.boundingBox();
  const accountBox = await page.getByRole('region', { name: words.createAccount }).boundingBox();
  expect(thanksBox!.y).toBeLessThan(numberBox!.y);
  expect(numberBox!.y).toBeLessThan(accountBox!.y);
  expect((await page.locator('.order__totals').boundingBox())!.y).toBeLessThan(accountBox!.y);
  await expect(page.getByRole('banner').getByRole('link', { name: words.cartOne })).toHaveCount(0);
  problems.push(...(await audit(page, `guest order placed (${lang})`)));

  // the mail's link opens the order without an account, in another browser
  const mail = await latestMail(email, /./);
  // (the order's own page, not the link beside it that confirms a cash order: /orders/{id}/confirm?token=…)
  const link = String(mail.text ?? mail.html).match(/https?:\/\/[^\s"<>]+\/orders\/[^\s"<>?/]+\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link, 'the mail links to the order').toBeTruthy();
  expect(String(mail.subject)).toContain(orderName.replace(/^\S+ /, ''));
  const elsewhere = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  await useLanguage(elsewhere, baseURL!, lang);
  const other = await elsewhere.newPage();
  const { pathname, search } = new URL(link!);
  await other.goto(`${pathname}${search}`);
  await expect(other.getByRole('heading', { level: 1, name: orderName })).toBeVisible();
  await expect(other.locator('.order__totals')).toContainText(`${words.total}${money(750)}`);

  // one password makes the account, which owns the order and is signed in
  const password = other.getByLabel(words.password);
  await tabTo(other, password);
  await other.keyboard.type(`Guest-${tag}-pass`);
  await other.keyboard.press('Enter');
  await expect(toasts(other).filter({ hasText: words.accountMade })).toBeVisible();
  await expect(other).toHaveURL(/\/account\/[^/]+\/my-orders\/[^/]+$/);
  await expect(other.getByRole('heading', { level: 1, name: orderName })).toBeVisible();
  await elsewhere.close();
  report(problems);
});

// Issue 42: a returning customer's checkout is filled from her last order's details (name, phone, governorate, city,
// address), each hers to change.
test('a returning customer finds her last order’s details in the checkout, and may change them', async ({ page, context, request, baseURL }, testInfo) => {
  const lang: Lang = testInfo.project.name === 'phone' ? 'ar' : 'en';
  const words = WORDS[lang];
  const admin = await adminAccount(request);
  const { products } = await newCatalog(request, admin, runTag(testInfo));
  const customer = await registerCustomer(request);
  await addToCart(request, customer, products[0]!, 1);
  const last = { firstName: 'Hala', secondName: 'Samir', phoneNumber: '01112223334', Governorate: 'Giza', city: 'Haram', address: '9 Fawzy Moaz St' } as const;
  await placeCashOrder(request, customer, [{ product: products[0]!, quantity: 1 }], last);
  await addToCart(request, customer, products[1]!, 1);
  await useLanguage(context, baseURL!, lang);
  await useSession(context, baseURL!, customer);

  await page.goto('/checkout');
  for (const field of ['firstName', 'secondName', 'phoneNumber', 'city', 'address'] as const) {
    await expect(page.getByLabel(words.billing[field], { exact: true })).toHaveValue(last[field]);
  }
  await expect(page.getByLabel(words.billing.email, { exact: true })).toHaveValue(customer.email);
  await expect(page.getByLabel(words.governorate)).toHaveValue('Giza');
  // the delivery priced for where she is filled in as
  await expect(page.getByRole('complementary', { name: words.yourOrder })).toContainText(words.deliveryTo('Giza'));
  // hers to change
  await page.getByLabel(words.billing.phoneNumber, { exact: true }).fill('01223334445');
  await page.getByRole('button', { name: words.placeOrder }).click();
  await expect(page.getByRole('heading', { level: 1, name: words.thanks })).toBeVisible();
  const [latest] = await ordersOf(request, customer);
  expect(latest).toMatchObject({ ...last, phoneNumber: '01223334445' });
});

// Issue 42: the Delivery & payment page says what the checkout charges, read from the shop's table, under the owner's
// own words; on an Arabic page every amount is in Arabic-Indic digits.
test('the Delivery & payment page shows the delivery table the checkout charges', async ({ page, context, request, baseURL }, testInfo) => {
  const lang: Lang = testInfo.project.name === 'phone' ? 'ar' : 'en';
  const money = (amount: number) => formatEgp(amount, lang);
  const name = (governorate: Governorate) => (lang === 'ar' ? GOVERNORATES_AR[governorate] : governorate);
  const admin = await adminAccount(request);
  await useLanguage(context, baseURL!, lang);
  await withShippingTable(request, admin, async () => {
    await call(request, 'updateShipping', {
      body: [ASWAN, { governorate: 'Giza', fee: 45.5, codFee: 0, minDays: 1, maxDays: 3, freeOver: null, enabled: true }, { governorate: 'North Sinai', fee: 30, codFee: 0, minDays: 2, maxDays: 5, freeOver: null, enabled: false }],
      token: admin.token,
    });
    const table = await call(request, 'getShipping');
    await page.goto('/pages/delivery');
    const rows = page.getByRole('region', { name: lang === 'ar' ? 'التوصيل حسب المحافظة' : 'Delivery by governorate' }).getByRole('row');
    for (const governorate of ['Aswan', 'Giza', 'Cairo'] as const) {
      const rate = table.find((row) => row.governorate === governorate)!;
      const row = rows.filter({ hasText: name(governorate) });
      await expect(row).toHaveCount(1);
      // the second cell is the delivery fee, as the checkout charges it
      await expect(row.getByRole('cell').nth(1)).toHaveText(money(rate.fee));
      if (lang === 'ar') expect(await row.innerText(), `${governorate}'s row is in Arabic digits`).not.toMatch(/[0-9]/);
    }
    await expect(rows.filter({ hasText: name('Aswan') }).getByRole('cell').nth(2)).toHaveText(money(ASWAN.codFee));
    await expect(page.locator('main')).toContainText(lang === 'ar' ? `لا نوصّل إلى ${name('North Sinai')} حتى الآن.` : 'We do not deliver to North Sinai yet.');
    report(await audit(page, `delivery & payment (${lang})`));
  });
});
