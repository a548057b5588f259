// Issue 29, the dashboard's side: the admin prices delivery to Aswan on the Delivery page (EGP 85, a EGP 15 cash fee,
// free over EGP 2,000) by keyboard, a bad amount shown at its row first; then creates a 10% code on the Discount codes
// page (its start typed in Cairo time), sees it listed, meets the refusal of the same code again at the code field,
// pauses and deletes it. English and Arabic, phone and desktop; axe finds nothing on either screen. The delivery table
// is put back as it was (shipping-table.ts).
import type { Page } from '@playwright/test';
import type { Lang } from '@shop/core/locale';
import { adminAccount, call, runTag, useSession } from './api.ts';
import { audit, report } from './axe.ts';
import { expectArabicPage } from './english-left.ts';
import { expect, expectToast, test, useLanguage } from './fixtures.ts';
import { withShippingTable } from './shipping-table.ts';
import { settled } from './page-steps.ts';

const WORDS = {
  en: {
    delivery: 'Delivery', aswan: 'Aswan', fee: 'Aswan delivery fee', codFee: 'Aswan cash fee', freeOver: 'Aswan free delivery over',
    shippingSaved: 'Delivery prices have been saved', negative: 'Cash fee cannot be negative', codes: 'Discount codes', newCode: 'New code', code: 'Code', kind: 'Kind', percent: 'Percent off',
    value: 'Percent off (%)', starts: 'Starts (Cairo time)', uses: 'Total uses', perCustomer: 'Uses per customer', create: 'Create code',
    saved: 'Discount code has been saved', taken: 'A discount code with this name already exists', ten: '10%', used: '0 / 100', startShown: /January 1, 2027.*9:00/,
    pause: 'Pause', paused: 'Paused', delete: 'Delete', deleted: 'Discount code has been deleted', dashboard: 'Dashboard',
  },
  ar: {
    delivery: 'التوصيل', aswan: 'أسوان', fee: 'رسوم التوصيل إلى أسوان', codFee: 'رسوم الدفع عند الاستلام في أسوان', freeOver: 'توصيل مجاني إلى أسوان فوق',
    shippingSaved: 'تم حفظ أسعار التوصيل', negative: 'لا يمكن أن يكون رسوم الدفع عند الاستلام سالبًا', codes: 'أكواد الخصم', newCode: 'كود جديد', code: 'الكود', kind: 'النوع', percent: 'نسبة خصم',
    value: 'نسبة الخصم (٪)', starts: 'يبدأ (بتوقيت القاهرة)', uses: 'إجمالي مرات الاستخدام', perCustomer: 'مرات الاستخدام لكل عميل', create: 'إنشاء الكود',
    saved: 'تم حفظ كود الخصم', taken: 'يوجد كود خصم بهذا الاسم بالفعل', ten: '١٠٪', used: '٠ / ١٠٠', startShown: /١ يناير ٢٠٢٧.*٩:٠٠/,
    pause: 'إيقاف مؤقت', paused: 'متوقف مؤقتًا', delete: 'حذف', deleted: 'تم حذف كود الخصم', dashboard: 'لوحة التحكم',
  },
} as const;

// the same code again is refused with a 409, which Chromium logs
test.use({ expectedConsoleErrors: [/status of 409/] });

/** Replaces a focused input's value by keyboard. */
async function retype(page: Page, value: string) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(value);
}

for (const lang of ['en', 'ar'] as const satisfies readonly Lang[]) {
  test(`the admin prices delivery to Aswan and creates a 10% code, in ${lang === 'en' ? 'English' : 'Arabic'}`, async ({ page, request, context, baseURL, shot }, testInfo) => {
    test.setTimeout(240_000);
    const words = WORDS[lang];
    const admin = await adminAccount(request);
    const code = `TEN-${runTag(testInfo)}`.toUpperCase();
    await useSession(context, baseURL!, admin);
    await useLanguage(context, baseURL!, lang);
    const dashboard = `/dashboard/${encodeURIComponent(admin.username)}`;
    // the codes other runs have made show on the list: their Latin names are the admin's own words
    const codeNames = async () => (await call(request, 'listCoupons', { token: admin.token })).map((coupon) => coupon.code);

    // the Delivery page: every governorate, in the admin's language; axe finds nothing
    await page.goto(`${dashboard}/delivery`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.delivery);
    await settled(page);
    const aswan = page.getByRole('group', { name: words.aswan, exact: true });
    await expect(aswan).toBeVisible();
    if (lang === 'ar') await expectArabicPage(page, []);
    report(await audit(page, `the delivery page (${lang})`));

    await withShippingTable(request, admin, async () => {
      // the table as it is now (another journey may have held it meanwhile)
      await page.reload();
      await settled(page);
      // by keyboard: the fee, the cash fee typed wrong, and the free-delivery amount; Enter saves
      await page.getByLabel(words.fee, { exact: true }).focus();
      await retype(page, '85');
      await page.keyboard.press('Tab');
      await expect(page.getByLabel(words.codFee, { exact: true })).toBeFocused();
      await retype(page, '-15');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(page.getByLabel(words.freeOver, { exact: true })).toBeFocused();
      await retype(page, '2000');
      await page.keyboard.press('Enter');
      // the bad amount is shown at Aswan's row, in the admin's language, and the focus is on it
      await expect(aswan.locator('.field__error')).toHaveText(words.negative);
      await expect(page.getByLabel(words.codFee, { exact: true })).toBeFocused();
      await expect(page.getByLabel(words.codFee, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await retype(page, '15');
      await expect(aswan.locator('.field__error')).toHaveCount(0);
      await page.keyboard.press('Enter');
      await expectToast(page, words.shippingSaved);
      const saved = (await call(request, 'getShipping')).find((row) => row.governorate === 'Aswan');
      expect(saved).toEqual({ governorate: 'Aswan', fee: 85, codFee: 15, minDays: expect.any(Number), maxDays: expect.any(Number), freeOver: 2000, enabled: true });
      // read again, the page shows what was saved
      await page.reload();
      await settled(page);
      await expect(page.getByLabel(words.fee, { exact: true })).toHaveValue('85');
      await expect(page.getByLabel(words.codFee, { exact: true })).toHaveValue('15');
      await expect(page.getByLabel(words.freeOver, { exact: true })).toHaveValue('2000');
      await shot(`delivery-${lang}`);
    });

    // the Discount codes page, from the dashboard's menu
    await page.getByRole('navigation', { name: words.dashboard }).getByRole('link', { name: words.codes }).click();
    await expect(page).toHaveURL(`${dashboard}/discount-codes`);
    await page.getByRole('link', { name: words.newCode }).first().click();
    await expect(page).toHaveURL(`${dashboard}/discount-codes/new`);
    await settled(page);
    await page.getByLabel(words.code, { exact: true }).fill(code);
    await expect(page.getByLabel(words.kind, { exact: true })).toHaveValue('percent');
    await page.getByLabel(words.value, { exact: true }).fill('10');
    // nine in the morning in Cairo, whatever the browser's own time zone
    await page.getByLabel(words.starts, { exact: true }).fill('2027-01-01T09:00');
    await page.getByLabel(words.uses, { exact: true }).fill('100');
    await page.getByLabel(words.perCustomer, { exact: true }).fill('1');
    if (lang === 'ar') await expectArabicPage(page, [code]);
    report(await audit(page, `the new discount code form (${lang})`));
    await page.getByRole('button', { name: words.create }).click();
    await expectToast(page, words.saved);
    await expect(page).toHaveURL(`${dashboard}/discount-codes`);
    const created = (await call(request, 'listCoupons', { token: admin.token })).find((coupon) => coupon.code === code);
    expect(created).toMatchObject({ kind: 'percent', value: 10, maxUses: 100, maxUsesPerCustomer: 1, active: true, uses: 0 });
    expect(Date.parse(created!.startsAt!)).toBe(Date.parse('2027-01-01T07:00:00Z'));

    // listed with its terms
    await settled(page);
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText(words.percent);
    await expect(row).toContainText(words.ten);
    await expect(row).toContainText(words.used);
    await expect(row).toContainText(words.startShown);
    if (lang === 'ar') await expectArabicPage(page, codeNames);
    await shot(`discount-codes-${lang}`);
    report(await audit(page, `the discount codes (${lang})`));

    // the same code again, in another case: refused at the code field
    await page.getByRole('link', { name: words.newCode }).first().click();
    await page.getByLabel(words.code, { exact: true }).fill(code.toLowerCase());
    await page.getByLabel(words.value, { exact: true }).fill('5');
    await page.getByRole('button', { name: words.create }).click();
    const codeField = page.getByLabel(words.code, { exact: true });
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expect(codeField).toBeFocused();
    await expect(page.locator('.field__error')).toHaveText(words.taken);
    await page.goBack();

    // paused, then deleted
    await settled(page);
    await row.getByRole('button', { name: words.pause }).click();
    await expect(row).toContainText(words.paused);
    await row.getByRole('button', { name: words.delete }).click();
    await page.getByRole('dialog').getByRole('button', { name: words.delete }).click();
    await expectToast(page, words.deleted);
    await expect(row).toHaveCount(0);
  });
}
