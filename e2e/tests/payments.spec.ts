// Card payments through the sandbox provider, at phone and desktop size: an empty number and a declined card
// leave the cart and the orders as they were, a paid card places a 'credit' order. Each run registers its
// own customer, so the journey runs in any order and on any database.
import { formatEgp, toEgp, totalPiastres } from '@shop/core/money';
import type { Page } from '@playwright/test';
import { addToCart, oneSizeProducts, ordersOf, registerCustomer } from './api.ts';
import { cartLink, expect, logIn, test, expectToast, toasts } from './fixtures.ts';
import { fillBilling } from './forms.ts';

const PAID = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const INSUFFICIENT_FUNDS = '4000 0000 0000 9995';

const BILLING = { firstName: 'Mona', secondName: 'Farouk', phoneNumber: '01098765432', city: 'Heliopolis', address: '5 El Merghany St, flat 9', Governorate: 'Alexandria' } as const;

async function chooseCredit(page: Page) {
  await page.getByRole('radio', { name: 'Card', exact: true }).check();
  await expect(page.getByLabel('Card number')).toBeVisible();
  // the summary is priced again for the governorate and the way just chosen, as the shopper sees before paying (Pay
  // pressed before that answer is refused: the prices changed)
  const summary = page.getByRole('complementary', { name: 'Your order' });
  await expect(summary.locator('.summary__rows')).not.toHaveAttribute('aria-busy', 'true');
  await expect(summary).toContainText(`Delivery to ${BILLING.Governorate}`);
}

/** Holds the sandbox's confirm call until released, so the page can be seen while it is processing. */
async function holdConfirm(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/payments/sandbox/confirm', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function expectProcessing(page: Page) {
  const pay = page.getByRole('button', { name: 'Processing payment…' });
  await expect(pay).toBeDisabled();
  await expect(pay).toHaveAttribute('aria-busy', 'true');
  await expect(pay.locator('.spinner')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Processing your payment…' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Cash on delivery' })).toBeDisabled();
}

async function expectSpinnerStopped(page: Page) {
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await expect(pay.locator('.spinner')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Processing your payment…' })).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toBeEnabled();
}

test.describe('card payments', () => {
  // Chromium logs 'Failed to load resource ... status of 400/402' for the refusals the page shows as toasts
  test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[02]/] });

  test('a declined card keeps the cart, a paid one places a credit order, and a later declined card places nothing', async ({ page, request, shot }) => {
    test.setTimeout(120_000);
    // the sandbox shop never fetches Stripe.js or the chunk that wraps it
    const stripeRequests: string[] = [];
    page.on('request', (r) => {
      if (/stripe/i.test(r.url())) stripeRequests.push(r.url());
    });
    const customer = await registerCustomer(request);
    const [first, second] = await oneSizeProducts(request);
    expect(first && second, 'the e2e catalog has products').toBeTruthy();
    await addToCart(request, customer, first!, 2);
    const total = formatEgp(toEgp(totalPiastres([{ price: first!.price, disCountPrecent: first!.disCountPrecent, quantity: 2 }])));

    await page.goto('/');
    await logIn(page, customer);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    await page.goto('/checkout');
    await expect(page.getByRole('complementary', { name: 'Your order' })).toContainText(`Total${total}`);
    await fillBilling(page, BILLING);
    await chooseCredit(page);

    // the sandbox's own element: labelled, numeric, autofill-ready, with the test numbers
    const number = page.getByLabel('Card number');
    const expiry = page.getByLabel('Expiry date');
    const cvc = page.getByLabel('CVC');
    await expect(number).toHaveAttribute('inputmode', 'numeric');
    await expect(number).toHaveAttribute('autocomplete', 'cc-number');
    await expect(expiry).toHaveAttribute('autocomplete', 'cc-exp');
    await expect(cvc).toHaveAttribute('autocomplete', 'cc-csc');
    const note = page.getByRole('note');
    for (const text of [`${PAID} (paid)`, `${DECLINED} (declined)`, `${INSUFFICIENT_FUNDS} (insufficient funds)`]) {
      await expect(note).toContainText(text);
    }
    await shot('card-form');

    // an empty number: SPEC's sentence, spinner stopped, nothing placed
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    // the focus goes to the field the refusal names (before the toast is clicked away, which takes it)
    await expect(number).toBeFocused();
    await expectToast(page, 'Card number is required');
    await expect(page.locator('#card-error')).toHaveText('Card number is required');
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expectSpinnerStopped(page);

    // a declined card, typed digit by digit: the spaces come as the shopper types
    await number.pressSequentially(DECLINED.replace(/ /g, ''));
    await expect(number).toHaveValue(DECLINED);
    await expect(page.locator('#card-error')).toHaveCount(0);
    await expiry.pressSequentially('1234');
    await expect(expiry).toHaveValue('12/34');
    await cvc.fill('123');
    const release = await holdConfirm(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expectProcessing(page);
    await shot('card-processing');
    release();
    await expect(number).toBeFocused();
    await expectToast(page, 'Your card was declined.');
    await expectSpinnerStopped(page);
    await page.unroute('**/api/payments/sandbox/confirm');
    await expect(page.locator('#card-error')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL('/checkout');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    expect(await ordersOf(request, customer)).toHaveLength(0);
    await shot('card-declined');

    // the retry on the same page with the card that pays: the order follows the payment
    await page.getByRole('button', { name: `Use test card ${PAID} (paid)` }).click();
    await expect(number).toHaveValue(PAID);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'Payment has been successful' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/account/${customer.username}/my-orders/`));
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
    const placed = await ordersOf(request, customer);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.wayForPayment).toBe('credit');

    await page.goto(`/account/${customer.username}/my-orders`);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1).getByRole('cell')).toHaveText([`#${placed[0]!.number}`, /^[A-Z][a-z]+ \d{1,2}, \d{4}$/, 'Accepted', 'Card', `${total} Delivery EGP 30`, 'View']);
    await shot('my-orders-credit');

    // a second checkout: declined and short of funds, the cart stays and no order is added
    await addToCart(request, customer, second!, 1);
    await page.goto('/checkout');
    await fillBilling(page, BILLING);
    await chooseCredit(page);
    await number.fill(DECLINED);
    await expiry.fill('08/31');
    await cvc.fill('321');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expectToast(page, 'Your card was declined.');
    await expectSpinnerStopped(page);
    await number.fill(INSUFFICIENT_FUNDS);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expectToast(page, 'Your card has insufficient funds.');
    await expectSpinnerStopped(page);
    await expect(page).toHaveURL('/checkout');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    expect(await ordersOf(request, customer)).toHaveLength(1);
    await page.goto(`/account/${customer.username}/my-orders`);
    await expect(rows).toHaveCount(2);
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: second!.name.slice(0, 40) }).first()).toBeVisible();
    expect(stripeRequests).toEqual([]);
  });
});
