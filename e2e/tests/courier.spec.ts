// Issue 45 (PRODUCT section 9, "Shipping with a courier"), against the third shop of playwright.config.ts, which sends
// its orders to the local Bosta stand-in (scripts/bosta-test-server.mjs): staff send a confirmed cash order to Bosta
// from its page (keyboard only), the stand-in picks it up and delivers it, and the order's page for staff and the
// shopper's own page show where the parcel is, with Bosta's tracking link; three sent in one batch from the orders list
// (keyboard only), a waybill printed, one delivered and one returned, a pickup refused on a Friday and booked on a weekday, and the courier's cash showing the delivered one. The phone runs English, the desktop Arabic; axe
// runs on each page.
import type { APIRequestContext } from '@playwright/test';
import type { Lang } from '@shop/core/locale';
import { formatEgp } from '@shop/core/money';
import { formatOrderNumber } from '@shop/core/order-number';
import { adminAccount, addToCart, call, newCatalog, placeCashOrder, registerCustomer, runTag, useSession } from './api.ts';
import { audit, report } from './axe.ts';
import { expect, test, useLanguage } from './fixtures.ts';

const shopUrl = process.env.E2E_BOSTA_SHOP_URL;
const bostaUrl = process.env.E2E_BOSTA_URL;
if (!shopUrl || !bostaUrl) throw new Error('E2E_BOSTA_SHOP_URL is not set: run the journeys through playwright.config.ts');
// the Friday's pickup is refused on purpose (409), and Chromium logs the answer's status
test.use({ baseURL: shopUrl, expectedConsoleErrors: [/status of 409 \(Conflict\)/] });

const WORDS = {
  en: {
    send: 'Send to Bosta',
    sent: 'The order is with the courier',
    waiting: 'Waiting for the courier to pick it up',
    pickedUp: 'Picked up by the courier',
    delivered: 'Delivered',
    follow: 'Follow your parcel',
    tracking: 'Tracking number',
  },
  ar: {
    send: 'أرسله إلى Bosta',
    sent: 'الطلب الآن لدى شركة الشحن',
    waiting: 'في انتظار استلام شركة الشحن له',
    pickedUp: 'استلمته شركة الشحن',
    delivered: 'تم التوصيل',
    follow: 'تتبّع شحنتك',
    tracking: 'رقم التتبع',
  },
} as const;

/** Moves the stand-in's delivery to a Bosta state code; its webhook reaches the shop before this answers. */
async function bostaMoves(request: APIRequestContext, trackingNumber: string, code: number, cod?: number) {
  const answer = await request.post(`${bostaUrl}/__stand-in/deliveries/${trackingNumber}/state`, { data: { code, ...(cod === undefined ? {} : { cod }) } });
  expect(answer.status(), await answer.text()).toBe(200);
  expect((await answer.json()).data.status).toBe(200);
}

test('staff send a confirmed cash order to Bosta; Bosta picks it up and delivers it, and both order pages follow it', async ({ page, context, request }, testInfo) => {
  const lang: Lang = testInfo.project.name === 'desktop' ? 'ar' : 'en';
  const words = WORDS[lang];
  const admin = await adminAccount(request);
  const { products } = await newCatalog(request, admin, runTag(testInfo));
  const customer = await registerCustomer(request);
  await addToCart(request, customer, products[0]!, 1);
  const orderId = await placeCashOrder(request, customer, [{ product: products[0]!, quantity: 1 }]);
  await call(request, 'logConfirmation', { params: { id: orderId }, body: { outcome: 'confirmed', note: '' }, token: admin.token });

  await useLanguage(context, shopUrl!, lang);
  await useSession(context, shopUrl!, admin);
  await page.goto(`/dashboard/${encodeURIComponent(admin.username)}/orders/${orderId}`);
  const send = page.getByRole('button', { name: words.send });
  await expect(send).toBeVisible();
  // keyboard only: the button is reached and pressed without a pointer
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(words.sent).first()).toBeVisible();
  const card = page.getByRole('region', { name: lang === 'en' ? 'Delivery by courier' : 'التوصيل عبر شركة الشحن' });
  await expect(card.getByText(words.waiting)).toBeVisible();
  await expect(send).toHaveCount(0);
  const problems = await audit(page, `order sent to Bosta (${lang})`);

  const order = await call(request, 'getOrder', { params: { orderId }, token: admin.token });
  const trackingNumber = order.shipment!.trackingNumber!;
  await expect(card.getByText(trackingNumber)).toBeVisible();

  await bostaMoves(request, trackingNumber, 21);
  await page.reload();
  await expect(card.getByText(words.pickedUp)).toBeVisible();

  await bostaMoves(request, trackingNumber, 45, order.totalPrice);
  await context.clearCookies();
  await useLanguage(context, shopUrl!, lang);
  await useSession(context, shopUrl!, customer);
  await page.goto(`/account/${encodeURIComponent(customer.username)}/my-orders/${orderId}`);
  await expect(page.getByText(words.delivered).first()).toBeVisible();
  const follow = page.getByRole('link', { name: words.follow });
  await expect(follow).toHaveAttribute('href', `https://bosta.co/tracking-shipments?shipment-number=${trackingNumber}`);
  await expect(page.getByText(words.tracking)).toBeVisible();
  problems.push(...(await audit(page, `the shopper's delivered order (${lang})`)));
  report(problems);
});

test('staff send three confirmed orders to Bosta in one batch by keyboard alone, print a waybill, and see one delivered and one returned', async ({ page, context, request }, testInfo) => {
  const lang: Lang = testInfo.project.name === 'desktop' ? 'ar' : 'en';
  const admin = await adminAccount(request);
  const { products } = await newCatalog(request, admin, runTag(testInfo));
  const customer = await registerCustomer(request);
  const orders: { id: string; number: number }[] = [];
  for (let i = 0; i < 3; i++) {
    await addToCart(request, customer, products[0]!, 1);
    const id = await placeCashOrder(request, customer, [{ product: products[0]!, quantity: 1 }]);
    await call(request, 'logConfirmation', { params: { id }, body: { outcome: 'confirmed', note: '' }, token: admin.token });
    orders.push({ id, number: (await call(request, 'getOrder', { params: { orderId: id }, token: admin.token })).number });
  }

  await useLanguage(context, shopUrl!, lang);
  await useSession(context, shopUrl!, admin);
  await page.goto(`/dashboard/${encodeURIComponent(admin.username)}/orders`);
  for (const order of orders) {
    const number = formatOrderNumber(order.number, lang);
    const box = page.getByRole('checkbox', { name: lang === 'en' ? `Select order ${number}` : `تحديد الطلب ${number}` });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  const send = page.getByRole('button', { name: lang === 'en' ? 'Send selected to Bosta' : 'أرسل المحدَّد إلى Bosta' });
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(lang === 'en' ? 'Sent to the courier: 3. Not sent: 0.' : 'أُرسل إلى شركة الشحن: ٣. لم يُرسَل: ٠.').first()).toBeVisible();
  const problems = await audit(page, `orders sent to Bosta in one batch (${lang})`);

  // a pickup: Bosta refuses a Friday with its sentence, and books a weekday (one of each project's own: one a day)
  const pickup = page.getByRole('form', { name: lang === 'en' ? 'Book a pickup' : 'احجز موعد استلام' });
  const day = pickup.getByLabel(lang === 'en' ? 'Pickup day' : 'يوم الاستلام');
  await day.fill('2030-01-04');
  await pickup.getByRole('button').click();
  await expect(page.getByText(lang === 'en' ? 'The courier does not pick up on Fridays: choose another day' : 'لا تستلم شركة الشحن الطرود يوم الجمعة: اختر يومًا آخر').first()).toBeVisible();
  await day.fill(lang === 'en' ? '2030-01-08' : '2030-01-09');
  await pickup.getByRole('button').click();
  await expect(page.getByText(lang === 'en' ? 'The pickup is booked' : 'تم حجز موعد الاستلام').first()).toBeVisible();

  const sent = await Promise.all(orders.map(async (order) => (await call(request, 'getOrder', { params: { orderId: order.id }, token: admin.token })).shipment!));
  expect(sent.map((shipment) => shipment.state)).toEqual(['created', 'created', 'created']);
  const [delivered, returned] = [sent[0]!.trackingNumber!, sent[1]!.trackingNumber!];

  // the first one's waybill, as Bosta's PDF
  await page.goto(`/dashboard/${encodeURIComponent(admin.username)}/orders/${orders[0]!.id}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: lang === 'en' ? 'Print waybill' : 'اطبع بوليصة الشحن' }).click();
  expect((await download).suggestedFilename()).toBe(`waybill-${orders[0]!.number}.pdf`);

  await bostaMoves(request, delivered, 45, sent[0]!.cod);
  await bostaMoves(request, returned, 21);
  await bostaMoves(request, returned, 46);
  const after = await Promise.all(orders.slice(0, 2).map((order) => call(request, 'getOrder', { params: { orderId: order.id }, token: admin.token })));
  expect(after.map((order) => [order.status, order.shipment!.state])).toEqual([['delivered', 'delivered'], ['canceled', 'returned']]);
  await page.goto(`/dashboard/${encodeURIComponent(admin.username)}/orders/${orders[1]!.id}`);
  await expect(page.getByText(lang === 'en' ? 'Returned to the shop' : 'أُعيد إلى المتجر')).toBeVisible();

  // the courier's cash: the delivered one, with what it should have brought and what Bosta collected
  await page.getByRole('link', { name: lang === 'en' ? 'Courier cash' : 'نقدية شركة الشحن' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: formatOrderNumber(orders[0]!.number, lang) }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(delivered)).toBeVisible();
  await expect(row.getByText(formatEgp(sent[0]!.cod, lang))).toHaveCount(2);
  await expect(page.getByRole('link', { name: formatOrderNumber(orders[1]!.number, lang) })).toHaveCount(0);
  problems.push(...(await audit(page, `the courier's cash (${lang})`)));
  report(problems);
});
