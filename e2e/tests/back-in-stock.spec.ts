// "Tell me when it's back" (issue 32, decision 040), at phone and desktop size: a visitor chooses a sold-out size and is
// offered the login; signed in, she asks and reads the confirmation; when the admin brings the size back, one mail
// comes, in English or in Arabic as she asked; axe finds nothing on the offer or the confirmation.
import type { APIRequestContext, Page } from '@playwright/test';
import { productFields, unique } from '@shop/core/factories';
import type { SizeStock } from '@shop/core/contract/catalog';
import { adminAccount, call, registerCustomer, useSession } from './api.ts';
import { audit, report } from './axe.ts';
import { IMAGE } from './catalog.ts';
import { catalogNames, expectArabicPage } from './english-left.ts';
import { expect, productPath, test, useLanguage } from './fixtures.ts';
import { latestMail, mailCount } from './outbox.ts';

/** A shirt sold out in M, and the admin's way to set its sizes again. */
async function shirtSoldOutInM(request: APIRequestContext) {
  const { token } = await adminAccount(request);
  const fields = productFields({ name: unique('Waiting Tee'), price: 420, gender: 'men', category: 'Shirts', sizes: [{ size: 'S', stock: 3 }, { size: 'M', stock: 0 }] });
  const product = await call(request, 'addProduct', { body: { ...fields, imageUrls: [IMAGE] }, token });
  const setSizes = (sizes: SizeStock[]) => call(request, 'updateProduct', { params: { x: product._id }, body: { ...fields, sizes }, token });
  return { product, setSizes };
}

/** Chooses a size by its radio, again until the page's script has taken the picker over and shows `then`. */
async function chooseSize(page: Page, name: string, then: ReturnType<Page['getByRole']>) {
  const radio = page.getByRole('radio', { name, exact: true });
  await expect(async () => {
    await radio.click();
    await expect(then).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(radio).toBeChecked();
}

test('a visitor is offered the login; signed in, she asks and hears once when the size is back', async ({ page, request }) => {
  const { product, setSizes } = await shirtSoldOutInM(request);
  const customer = await registerCustomer(request);
  await page.goto(productPath(product.name));
  const offer = page.getByRole('button', { name: "Log in to be told when it's back" });
  await chooseSize(page, 'M, sold out', offer);
  await expect(page.getByText('This size is sold out.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  const problems = await audit(page, 'the product page offering a visitor to be told when a size is back');

  // the offer opens the login; once in, the same size offers the ask itself
  await offer.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/email/i).fill(customer.email);
  await dialog.getByLabel(/password/i).fill(customer.password);
  await dialog.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(dialog).toBeHidden();
  const ask = page.getByRole('button', { name: "Tell me when it's back" });
  await expect(ask).toBeVisible();
  await ask.click();
  await expect(page.getByRole('status').filter({ hasText: 'as soon as this size is back' })).toHaveText("We'll email you once, as soon as this size is back in stock");
  await expect(ask).toBeHidden();
  problems.push(...(await audit(page, 'the confirmation that the shopper will be told')));
  report(problems);

  // the admin brings M back: one mail, naming the product and the size, with its link
  await setSizes([{ size: 'S', stock: 3 }, { size: 'M', stock: 4 }]);
  const subject = new RegExp(`^${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is back in size M`);
  const mail = await latestMail(customer.email, subject);
  expect(mail.text).toContain(productPath(product.name));
  // sold out and back again: no second mail
  await setSizes([{ size: 'S', stock: 3 }, { size: 'M', stock: 0 }]);
  await setSizes([{ size: 'S', stock: 3 }, { size: 'M', stock: 2 }]);
  await page.waitForTimeout(1500);
  expect(await mailCount(customer.email, subject)).toBe(1);
});

test('in Arabic: the offer, the confirmation and the mail, right to left', async ({ page, request, context, baseURL }) => {
  const { product, setSizes } = await shirtSoldOutInM(request);
  const customer = await registerCustomer(request);
  await useLanguage(context, baseURL!, 'ar');
  await useSession(context, baseURL!, customer);
  await page.goto(productPath(product.name));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const ask = page.getByRole('button', { name: 'أخبرني عند توفره' });
  await chooseSize(page, 'M، نفدت الكمية', ask);
  await expect(page.getByText('نفدت الكمية من هذا المقاس.')).toBeVisible();
  await ask.click();
  await expect(page.getByRole('status').filter({ hasText: 'سنراسلك' })).toHaveText('سنراسلك مرة واحدة بالبريد الإلكتروني فور عودة هذا المقاس إلى المخزون');
  await expectArabicPage(page, async () => [...(await catalogNames(request)), product.name, product.description]);
  report(await audit(page, 'the confirmation that the shopper will be told, in Arabic'));

  await setSizes([{ size: 'S', stock: 3 }, { size: 'M', stock: 1 }]);
  const mail = await latestMail(customer.email, /متوفر من جديد في المقاس M/);
  expect(String(mail.html)).toMatch(/<html lang="ar" dir="rtl">/);
});
