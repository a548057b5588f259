// Reviews (issue 32), at phone and desktop size: a customer reviews a product delivered to her, the product page and
// the shop's card show it, she removes it; a customer who did not receive the product is told why she cannot; axe finds
// nothing on the reviews.
import { deliveredToCustomer, registerCustomer, runTag, useSession } from './api.ts';
import { audit, report } from './axe.ts';
import { expect, expectToast, productPath, test } from './fixtures.ts';

// the refusal of the last step: Chromium logs its status
test.use({ expectedConsoleErrors: [/status of 403/] });

test('a customer reviews a product she received, sees it on the product page and the card, and removes it', async ({ page, request, context, baseURL }, testInfo) => {
  const { category, products: [product], customer } = await deliveredToCustomer(request, runTag(testInfo));
  await useSession(context, baseURL!, customer);
  await page.goto(productPath(product!.name));
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews).toContainText('No reviews yet.');

  const form = reviews.getByRole('form', { name: 'Write a review' });
  await form.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: '4 stars' }).check();
  await form.getByRole('group', { name: 'Fit' }).getByRole('radio', { name: 'Runs small' }).check();
  await form.getByLabel('Title').fill('Lovely linen');
  await form.getByLabel('Your review').fill('Breathes well in the heat; take a size up.');
  await form.getByRole('button', { name: 'Post review' }).click();
  await expectToast(page, 'Thank you, your review has been posted');

  await expect(reviews.getByRole('listitem')).toHaveCount(1);
  await expect(reviews.getByRole('listitem')).toContainText('Lovely linen');
  await expect(reviews.getByRole('img', { name: 'Rated 4 out of 5' }).first()).toBeVisible();
  await expect(reviews).toContainText('1 review');
  await expect(reviews).toContainText('Runs small 1');
  report(await audit(page, 'the product page with a review'));

  await page.goto(`/shop?gender=women&category=${encodeURIComponent(category)}`);
  const card = page.getByRole('article').filter({ hasText: product!.name.slice(0, 30) });
  await expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();

  await page.goto(productPath(product!.name));
  await page.getByRole('button', { name: 'Remove the review “Lovely linen”' }).click();
  await expectToast(page, 'Review has been removed');
  await expect(page.getByRole('region', { name: 'Reviews' })).toContainText('No reviews yet.');

  // someone who never received it is told why
  const stranger = await registerCustomer(request);
  await useSession(context, baseURL!, stranger);
  await page.goto(productPath(product!.name));
  const strangerForm = page.getByRole('form', { name: 'Write a review' });
  await strangerForm.getByRole('radio', { name: '5 stars' }).check();
  await strangerForm.getByRole('radio', { name: 'True to size' }).check();
  await strangerForm.getByLabel('Title').fill('Looks nice');
  await strangerForm.getByLabel('Your review').fill('Never had it.');
  await strangerForm.getByRole('button', { name: 'Post review' }).click();
  await expectToast(page, 'Only customers who received this product can review it');
});
