// Issue 30 (PRODUCT section 4, "Paymob"), the shopper's side, against the second shop of playwright.config.ts, which
// pays through the local Paymob test server (scripts/paymob-test-server.mjs): a customer pays by card in the page
// (Pixel), a guest by mobile wallet on Paymob's page, a customer gets a kiosk reference. Each order page turns as
// Paymob's signed callback (not the browser) moves the order. The phone runs English, the desktop Arabic; axe runs on
// the shop's new screens (Paymob's own pages are not ours).
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { BillingFields } from '@shop/core/factories';
import type { Lang } from '@shop/core/locale';
import { formatEgp } from '@shop/core/money';
import { formatOrderNumber } from '@shop/core/order-number';
import type { Product } from '@shop/core/contract/catalog';
import { addToCart, adminAccount, newCatalog, ordersOf, registerCustomer, runTag, useSession, type Account } from './api.ts';
import { audit, report } from './axe.ts';
import { expectArabicPage } from './english-left.ts';
import { expect, productPath, test, useLanguage } from './fixtures.ts';
import { fillBilling } from './forms.ts';

const shopUrl = process.env.E2E_PAYMOB_SHOP_URL;
const paymobUrl = process.env.E2E_PAYMOB_URL;
if (!shopUrl || !paymobUrl) throw new Error('E2E_PAYMOB_SHOP_URL is not set: run the journeys through playwright.config.ts');
test.use({ baseURL: shopUrl });

test.beforeEach(async ({ context }) => {
  // the test server has no icon, and Chromium logs the browser's own request for it as a console error
  await context.route(`${paymobUrl}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
});

const WORDS = {
  en: {
    card: 'Card',
    wallet: 'Mobile wallet',
    kiosk: 'Pay at a kiosk',
    placeAndPay: 'Place order and pay',
    payByCard: 'Pay by card',
    paidByCard: 'Paid by card',
    paidByWallet: 'Paid by mobile wallet',
    waiting: 'Waiting for your payment',
    kioskReference: 'Your kiosk reference',
    order: (number: number) => `Order ${formatOrderNumber(number, 'en')}`,
    anOrder: /^Order #\d+$/,
    addToCart: 'Add to cart',
    cartOne: 'Cart, 1 item',
    yourOrder: 'Your order',
    total: 'Total',
    payNow: 'Get your kiosk reference',
    otherWays: 'Pay another way',
    // "11 hours 59 minutes left.": the hold's time in hours and minutes, never hundreds of minutes
    timeLeft: /\b\d{1,2} hours?( \d{1,2} minutes?)? left\./,
  },
  ar: {
    card: 'بطاقة',
    wallet: 'محفظة إلكترونية',
    kiosk: 'الدفع في منفذ دفع',
    placeAndPay: 'تأكيد الطلب والدفع',
    payByCard: 'الدفع بالبطاقة',
    paidByCard: 'تم الدفع بالبطاقة',
    paidByWallet: 'تم الدفع بالمحفظة الإلكترونية',
    waiting: 'في انتظار دفعك',
    kioskReference: 'رقمك المرجعي للدفع',
    order: (number: number) => `الطلب ${formatOrderNumber(number, 'ar')}`,
    anOrder: /^الطلب #[٠-٩]+$/,
    addToCart: 'أضف إلى السلة',
    cartOne: 'السلة، منتج واحد',
    yourOrder: 'طلبك',
    total: 'الإجمالي',
    payNow: 'احصل على الرقم المرجعي للدفع',
    otherWays: 'ادفع بطريقة أخرى',
    timeLeft: /الوقت المتبقي: ([٠-٩]{1,2} ساعات?|ساعة واحدة|ساعتان|[٠-٩]{1,2} ساعة)( و(دقيقة واحدة|دقيقتان|[٠-٩]{1,2} دقائق|[٠-٩]{1,2} دقيقة))?\./,
  },
} as const;

/** Paymob's embedded form is Paymob's, drawn in its own words whatever the shop's language (the test server's: English). */
const PIXEL_WORDS = [/\b(Card number|Expiry|Name on card|CVV|Pay|Cancel|Paying…|Payment accepted|Card payment)\b/g];

const BILLING = { firstName: 'Mona', secondName: 'Adel', phoneNumber: '01001234567', city: 'Dokki', address: '12 Tahrir Street' };

/**
 * The way chosen once the page's script runs (its button shows only then: a choice or a click before it is lost), the
 * billing filled, and the order written once the checkout has the server's figures (it refuses to write one before).
 */
async function placeAndPay(page: Page, words: (typeof WORDS)[Lang], lang: Lang, method: string, total: number, billing: Partial<BillingFields> = {}) {
  await page.goto('/checkout');
  const button = page.getByRole('button', { name: words.placeAndPay });
  await expect(async () => {
    await way(page, method).click();
    await expect(button).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('complementary', { name: words.yourOrder })).toContainText(`${words.total}${formatEgp(total, lang)}`);
  await fillBilling(page, { ...BILLING, ...billing }, lang);
  await button.click();
}

/** A way's radio: its name first, then its line (the hint is in the label too). */
function way(page: Page, name: string) {
  return page.getByRole('radio', { name: new RegExp(`^${name}`) });
}

/** The journey's words, its catalog on the Paymob shop, and the names the Arabic check allows. */
async function setUp(testInfo: TestInfo, request: APIRequestContext, lang: Lang) {
  const tag = runTag(testInfo);
  const admin = await adminAccount(request);
  const { category, products } = await newCatalog(request, admin, tag);
  const names = [category, ...products.flatMap((product) => [product.name, product.nameAr ?? '', product.description])];
  return { lang, words: WORDS[lang], products, names };
}

/** A customer of the Paymob shop, logged in, with the catalog's trousers in the cart. */
async function customerWithCart(request: APIRequestContext, product: Product): Promise<Account> {
  const customer = await registerCustomer(request);
  await addToCart(request, customer, product, 1);
  return customer;
}

// each journey at both sizes (the phone and desktop projects) and in both languages
for (const [language, inLanguage] of [['en', 'in English'], ['ar', 'in Arabic']] as const) {
  test(`a customer pays by card in the page, and the order page says it is paid once Paymob has said so, ${inLanguage}`, async ({ page, context, request, baseURL }, testInfo) => {
    const { lang, words, products, names } = await setUp(testInfo, request, language);
    const customer = await customerWithCart(request, products[1]!);
    await useLanguage(context, baseURL!, lang);
    await useSession(context, baseURL!, customer);
    const allowed = [...names, customer.username, customer.email, ...Object.values(BILLING)];
    const problems: string[] = [];

    // EGP 600 and Cairo's EGP 30 (no cash fee)
    await placeAndPay(page, words, lang, words.card, 630);

    // the order is written; Paymob's form is drawn in the page
    await expect(page.getByRole('heading', { level: 2, name: words.payByCard })).toBeFocused();
    const pixel = page.locator('#paymob-pixel');
    await expect(pixel.getByLabel('Card number')).toBeVisible();
    const [order] = await ordersOf(request, customer);
    expect(order).toMatchObject({ status: 'awaiting-payment', payment: { method: 'card' } });
    problems.push(...(await audit(page, `card panel (${lang})`)));
    if (lang === 'ar') await expectArabicPage(page, allowed, PIXEL_WORDS);

    await pixel.getByLabel('Card number').fill('5123456789012346');
    await pixel.getByLabel('Expiry (MM/YY)').fill('12/30');
    await pixel.getByLabel('CVV').fill('123');
    await pixel.getByLabel('Name on card').fill('Mona Adel');
    await pixel.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/account/${encodeURIComponent(customer.username)}/my-orders/${order!._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: words.order(order!.number) })).toBeVisible();
    // the callback placed it (the page reads it again every 3 s while it waits)
    await expect(page.getByText(words.paidByCard, { exact: true })).toBeVisible({ timeout: 15_000 });
    expect((await ordersOf(request, customer))[0]).toMatchObject({ _id: order!._id, status: 'accepted' });
    problems.push(...(await audit(page, `order paid by card (${lang})`)));
    if (lang === 'ar') await expectArabicPage(page, allowed);
    report(problems);
  });

  test(`a guest pays by mobile wallet on Paymob’s page and comes back to the order, paid, ${inLanguage}`, async ({ page, context, request, baseURL }, testInfo) => {
    const { lang, words, products, names } = await setUp(testInfo, request, language);
    const shirt = products[0]!;
    const email = `guest-${runTag(testInfo)}@shop.test`;
    await useLanguage(context, baseURL!, lang);

    await page.goto(productPath(shirt.name));
    // a click before the page's script has taken the button over does nothing: clicked until the cart has it
    const cartOne = page.getByRole('banner').getByRole('link', { name: words.cartOne });
    await expect(async () => {
      if ((await cartOne.count()) === 0) await page.getByRole('button', { name: words.addToCart }).click();
      await expect(cartOne).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    // EGP 450 less 20%, and Cairo's EGP 30
    await placeAndPay(page, words, lang, words.wallet, 390, { email });

    // Paymob's page: the wallet is the way on offer
    await expect(page).toHaveURL(/\/unifiedcheckout\/\?publicKey=/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // back through the return address to the guest's order page (its token in the address)
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/orders/[^/?]+\\?token=`));
    await expect(page.getByRole('heading', { level: 1, name: words.anOrder })).toBeVisible();
    await expect(page.getByText(words.paidByWallet, { exact: true })).toBeVisible({ timeout: 15_000 });
    if (lang === 'ar') await expectArabicPage(page, [...names, email, ...Object.values(BILLING)]);
  });

  test(`a customer gets a kiosk reference on Paymob’s page, and the order page shows it while it waits, ${inLanguage}`, async ({ page, context, request, baseURL }, testInfo) => {
    const { lang, words, products, names } = await setUp(testInfo, request, language);
    const customer = await customerWithCart(request, products[1]!);
    await useLanguage(context, baseURL!, lang);
    await useSession(context, baseURL!, customer);
    const problems: string[] = [];

    await placeAndPay(page, words, lang, words.kiosk, 630);

    await expect(page).toHaveURL(/\/unifiedcheckout\/\?publicKey=/);
    await page.getByRole('button', { name: 'Get a reference' }).click();
    const reference = (await page.locator('#bill-reference').innerText()).replace(/\s+/g, '');
    expect(reference).toMatch(/^\d+$/);
    const back = page.waitForResponse((response) => response.url().includes('/api/payments/paymob/return'));
    await page.getByRole('link', { name: 'Back to the shop' }).click();

    const [order] = await ordersOf(request, customer);
    // the return address sends her to the order's page, which names no account; the page sends her on to My Orders
    expect((await back).headers()['location']).toBe(`/orders/${order!._id}`);
    await expect(page).toHaveURL(new RegExp(`/account/${encodeURIComponent(customer.username)}/my-orders/${order!._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: words.order(order!.number) })).toBeVisible();
    await expect(page.getByText(words.waiting, { exact: true })).toBeVisible();
    await expect(page.getByText(words.kioskReference, { exact: true })).toBeVisible();
    // the same digits, grouped for reading out at the counter
    const shown = page.locator('.order-payment__reference');
    await expect.poll(async () => (await shown.innerText()).replace(/\s+/g, '')).toBe(reference);
    expect(order).toMatchObject({ status: 'awaiting-payment', payment: { method: 'kiosk' } });
    problems.push(...(await audit(page, `order waiting for a kiosk payment (${lang})`)));
    if (lang === 'ar') await expectArabicPage(page, [...names, customer.username, customer.email, ...Object.values(BILLING)]);
    report(problems);
  });

  test(`a customer who left Paymob’s page finishes paying from her order: the time left in words, her way again, or another way, ${inLanguage}`, async ({ page, context, request, baseURL }, testInfo) => {
    const { lang, words, products, names } = await setUp(testInfo, request, language);
    const customer = await customerWithCart(request, products[1]!);
    await useLanguage(context, baseURL!, lang);
    await useSession(context, baseURL!, customer);
    const problems: string[] = [];

    await placeAndPay(page, words, lang, words.kiosk, 630);
    await expect(page).toHaveURL(/\/unifiedcheckout\/\?publicKey=/);
    const firstPage = page.url();
    // she leaves Paymob's page without a reference, and opens her order
    const [order] = await ordersOf(request, customer);
    await page.goto(`/account/${encodeURIComponent(customer.username)}/my-orders/${order!._id}`);
    await expect(page.getByText(words.waiting, { exact: true })).toBeVisible();
    // the kiosk hold (12 hours by default) in hours and minutes, as people say it
    const held = page.locator('.order-payment--awaiting');
    await expect(held).toContainText(words.timeLeft);
    await expect(held).not.toContainText(/\d{3,} minutes|[٠-٩]{3,} دقيقة/);
    problems.push(...(await audit(page, `order waiting, with its ways to pay (${lang})`)));
    if (lang === 'ar') await expectArabicPage(page, [...names, customer.username, customer.email, ...Object.values(BILLING)]);

    // her own way again: the same Paymob page, nothing new opened
    await page.getByRole('button', { name: words.payNow }).click();
    await expect(page).toHaveURL(firstPage);
    await page.goBack();

    // another way: a wallet, on Paymob's page, which places the order
    await page.getByRole('group', { name: words.otherWays }).getByRole('button', { name: words.wallet }).click();
    await expect(page).toHaveURL(/\/unifiedcheckout\/\?publicKey=/);
    expect(page.url()).not.toBe(firstPage);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/account/${encodeURIComponent(customer.username)}/my-orders/${order!._id}$`));
    await expect(page.getByText(words.paidByWallet, { exact: true })).toBeVisible({ timeout: 15_000 });
    expect((await ordersOf(request, customer))[0]).toMatchObject({ _id: order!._id, status: 'accepted', payment: { method: 'wallet' } });
    report(problems);
  });
}
