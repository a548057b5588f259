// Where shoppers are (PRODUCT section 9, issue 48), at 375 and 1280 px, in English and in Arabic: Meta's pixel is
// asked for only while the shopper's analytics consent is given (the Meta stand-in, scripts/meta-test-server.mjs, serves
// it); a cart left an hour is mailed, and the mail's link brings her back to it; axe finds nothing on the screens.
import type { Lang } from '@shop/core/locale';
import { audit, report } from './axe.ts';
import { adminAccount, call, newCatalog, registerCustomer, runTag, useSession } from './api.ts';
import { appReady, expect, expectToast, test, useLanguage } from './fixtures.ts';
import { latestMail } from './outbox.ts';
import { withShopDatabase } from './shop-database.ts';

const META = process.env.E2E_META_URL!;
const PIXEL_ID = '123456789012345';

const WORDS = {
  en: { analytics: 'Analytics that help us improve the shop', save: 'Save choices', saved: 'Your choices have been saved', subject: /You left something in your cart/ },
  ar: { analytics: 'إحصاءات تساعدنا على تحسين المتجر', save: 'حفظ الاختيارات', saved: 'تم حفظ اختياراتك', subject: /تركت شيئًا في سلتك/ },
} satisfies Record<Lang, unknown>;

for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
  test(`the pixel follows the consent; a cart left an hour is mailed and its link brings her back to it (${lang})`, async ({ page, context, request, baseURL }, testInfo) => {
    const words = WORDS[lang];
    const tag = runTag(testInfo);
    const admin = await adminAccount(request);
    await call(request, 'updateSettings', { token: admin.token, body: { marketing: { metaPixelId: PIXEL_ID, cartReminders: true } } });
    const { products } = await newCatalog(request, admin, tag);
    const shopper = await registerCustomer(request);
    await call(request, 'updateConsents', { token: shopper.token, body: { marketingEmail: true } });
    await useLanguage(context, baseURL!, lang);
    await useSession(context, baseURL!, shopper);
    // her cart, added in her language (the reminder is written in it)
    const added = await request.post('/api/cart/add-cart', {
      data: { product: products[0]!._id, quantaty: 2 },
      headers: { Authorization: `Bearer ${shopper.token}`, cookie: `lang=${lang}` },
    });
    expect(added.status()).toBe(201);

    const asked: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().startsWith(META)) asked.push(sent.url());
    });
    const scriptsAsked = () => asked.filter((url) => url.includes('/fbevents.js')).length;

    // no consent: nothing of Meta's on the page, nothing asked of it
    await page.goto('/');
    await appReady(page);
    await expect(page.locator('script[data-meta-pixel]')).toHaveCount(0);
    expect(asked).toEqual([]);

    // consent given in Privacy & data: the next page asks for the pixel, which counts the page view
    const privacy = `/account/${encodeURIComponent(shopper.username)}/privacy`;
    await page.goto(privacy);
    await appReady(page);
    await page.getByRole('checkbox', { name: words.analytics }).check();
    await page.getByRole('button', { name: words.save }).click();
    await expectToast(page, words.saved);
    await page.goto('/');
    await appReady(page);
    await expect(page.locator(`script[data-meta-pixel="${PIXEL_ID}"]`)).toHaveCount(1);
    await expect.poll(scriptsAsked).toBe(1);
    await expect.poll(() => asked.some((url) => url.includes('/tr?') && url.includes('ev=PageView') && url.includes(`id=${PIXEL_ID}`))).toBe(true);
    report(await audit(page, `home with the pixel (${lang})`));

    // withdrawn: the next page asks for nothing of Meta's again
    await page.goto(privacy);
    await appReady(page);
    await page.getByRole('checkbox', { name: words.analytics }).uncheck();
    await page.getByRole('button', { name: words.save }).click();
    await expectToast(page, words.saved);
    const before = asked.length;
    await page.goto('/');
    await appReady(page);
    await expect(page.locator('script[data-meta-pixel]')).toHaveCount(0);
    expect(asked.length).toBe(before);

    // her cart left an hour (its time set back), and the five-minute look run now: one reminder, in her language
    await withShopDatabase(async (db) => {
      await db.query(`update cart_items set updated_at = now() - interval '61 minutes' where user_id = $1`, [shopper._id]);
      await db.query(`select graphile_worker.add_job('cart-reminders', '{}'::json)`);
    });
    const mail = await latestMail(shopper.email, words.subject);
    expect(mail.html).toContain(lang === 'ar' ? products[0]!.nameAr! : products[0]!.name);
    const link = /href="([^"]+\/cart)"/.exec(String(mail.html))?.[1];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await appReady(page);
    await expect(page.getByRole('main')).toContainText(lang === 'ar' ? products[0]!.nameAr! : products[0]!.name);
    report(await audit(page, `cart from the reminder (${lang})`));
  });
}
