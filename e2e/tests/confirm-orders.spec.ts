// Confirming cash orders (PRODUCT section 9, issue 44), at 375 and 1280 px in English and Arabic: a guest's cash order
// waits for her yes; the placed mail's link opens her order's confirmation page without an account, and her answer
// is the order's (confirmed, then the page says so; a second visit cannot answer again); axe finds nothing there.
import type { Lang } from '@shop/core/locale';
import { audit, report } from './axe.ts';
import { adminAccount, call, newCatalog, runTag } from './api.ts';
import { appReady, expect, test, useLanguage } from './fixtures.ts';
import { expectArabicPage } from './english-left.ts';
import { latestMail } from './outbox.ts';

const WORDS = {
  en: { title: 'Confirm your order', confirm: 'Confirm order', cancel: 'Cancel order', confirmed: 'Your order is confirmed. We will send it out soon.', canceled: 'This order is canceled.' },
  ar: { title: 'أكِّد طلبك', confirm: 'تأكيد الطلب', cancel: 'إلغاء الطلب', confirmed: 'تم تأكيد طلبك. سنشحنه قريبًا.', canceled: 'تم إلغاء هذا الطلب.' },
} satisfies Record<Lang, unknown>;

for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
  for (const answer of ['confirm', 'cancel'] as const) {
    test(`a guest's cash order is ${answer === 'confirm' ? 'confirmed' : 'canceled'} from the placed mail's link, in ${lang === 'en' ? 'English' : 'Arabic'}`, async ({ page, request, context, baseURL }, testInfo) => {
      const words = WORDS[lang];
      const tag = runTag(testInfo);
      const admin = await adminAccount(request);
      const { products } = await newCatalog(request, admin, tag);
      const product = products[1]!;
      const email = `confirm-${tag}@shop.test`;
      // placed in her language, which the mail is written in
      const placed = await call(request, 'guestOrder', {
        body: {
          firstName: 'Nour', secondName: 'Hassan', email, phoneNumber: '01001234567', Governorate: 'Giza', city: 'Dokki', address: '12 Tahrir St',
          lines: [{ product: product._id, size: product.sizes[0]!.size, quantity: 1 }],
        },
        headers: { cookie: `lang=${lang}` },
      });
      expect(placed.confirmation).toMatchObject({ status: 'pending' });

      // the link beside the order's own in the placed mail
      const mail = await latestMail(email, /./);
      const link = String(mail.text ?? mail.html).match(/https?:\/\/[^\s"<>]+\/orders\/[^\s"<>?/]+\/confirm\?token=[A-Za-z0-9_-]+/)?.[0];
      expect(link, 'the placed mail links to the confirmation').toBeTruthy();
      await useLanguage(context, baseURL!, lang);
      const { pathname, search } = new URL(link!);
      await page.goto(`${pathname}${search}`);
      await appReady(page);
      await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
      report(await audit(page, `the order's confirmation (${lang})`));
      // (what she typed, and the run's tag in the product's name, are her own Latin)
      if (lang === 'ar') await expectArabicPage(page, [product.name, tag, 'Nour', 'Hassan', 'Dokki', '12 Tahrir St']);

      await page.getByRole('button', { name: words[answer] }).click();
      await expect(page.getByText(answer === 'confirm' ? words.confirmed : words.canceled)).toBeVisible();
      await expect(page.getByRole('button', { name: words.confirm })).toHaveCount(0);
      const order = await call(request, 'getOrder', { params: { orderId: placed._id }, token: admin.token });
      expect(order.confirmation).toMatchObject({ status: answer === 'confirm' ? 'confirmed' : 'declined' });
      expect(order.status).toBe(answer === 'confirm' ? 'accepted' : 'canceled');

      // the link again: the answer stands, nothing to press
      await page.reload();
      await appReady(page);
      await expect(page.getByText(answer === 'confirm' ? words.confirmed : words.canceled)).toBeVisible();
      await expect(page.getByRole('button', { name: words.cancel })).toHaveCount(0);
    });
  }
}
