// Issue 14, form errors: at phone and desktop size, a failed submit marks each bad field (aria-invalid, its message as
// the field's description) and moves focus to the first one, while SPEC's toast still says the first problem.
// Each test registers its own customer, so they run in any order.
import type { Page } from '@playwright/test';
import { addToCart, oneSizeProducts, registerCustomer } from './api.ts';
import { expect, logIn, test, expectToast, toasts } from './fixtures.ts';
import { ADMIN } from './catalog.ts';

/** The field is marked invalid, names its error as its description, and (when asked) has the focus. */
async function expectFieldError(page: Page, field: ReturnType<Page['getByLabel']>, message: string, options: { focused?: boolean } = {}) {
  if (options.focused !== false) await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  // the message is on the screen too, not only in the accessibility tree
  const messageId = (await field.getAttribute('aria-describedby'))!.split(' ').at(-1)!;
  await expect(page.locator(`[id="${messageId}"]`)).toBeVisible();
  await expect(page.locator(`[id="${messageId}"]`)).toHaveText(message);
}

test('the checkout submitted empty marks every field and focuses the first in SPEC order', async ({ page, request, shot }) => {
  const customer = await registerCustomer(request);
  const [product] = await oneSizeProducts(request);
  if (!product) throw new Error('the catalog has no products');
  await addToCart(request, customer, product, 1);
  await page.goto('/');
  await logIn(page, customer);
  await page.goto('/checkout');
  const placeOrder = page.getByRole('button', { name: 'Place order' });
  await expect(placeOrder).toBeEnabled();
  await page.getByLabel('Email', { exact: true }).clear();

  await placeOrder.click();
  const firstName = page.getByLabel('First name', { exact: true });
  await expectFieldError(page, firstName, 'Please write your first name');
  await expect(toasts(page).filter({ hasText: 'Please write your first name' })).toBeVisible();
  // every other empty field says its own sentence too; the Governorate, chosen, does not
  for (const [label, message] of [
    ['Second name', 'Please write your second name'],
    ['Phone', 'Please write your phone'],
    ['Email', 'Please write your email'],
    ['City', 'Please write your city'],
    ['Address', 'Please write your address'],
  ] as const) {
    await expectFieldError(page, page.getByLabel(label, { exact: true }), message, { focused: false });
  }
  await expect(page.getByLabel('Governorate')).not.toHaveAttribute('aria-invalid');
  await shot('form-errors-checkout');
  await expectToast(page, 'Please write your first name');

  // typing clears the field's mark; the next submit moves on to the second name
  await firstName.fill('Mona');
  await expect(firstName).not.toHaveAttribute('aria-invalid');
  await expect(firstName).not.toHaveAccessibleDescription('Please write your first name');
  await placeOrder.click();
  await expectFieldError(page, page.getByLabel('Second name', { exact: true }), 'Please write your second name');
  await expectToast(page, 'Please write your second name');
  await expect(firstName).not.toHaveAttribute('aria-invalid');

  // a filled field that is wrong says so in the API's words, after the blank ones are asked for
  await page.getByLabel('Second name', { exact: true }).fill('Hassan');
  await page.getByLabel('Phone', { exact: true }).fill('call me');
  await placeOrder.click();
  await expectFieldError(page, page.getByLabel('Email', { exact: true }), 'Please write your email');
  await expectFieldError(page, page.getByLabel('Phone', { exact: true }), 'Please write a valid phone number', { focused: false });
  await expectToast(page, 'Please write your email');
});

test('the admin forms mark their required fields and focus the first', async ({ page, shot }) => {
  await page.goto('/');
  await logIn(page, ADMIN);

  await page.goto(`/dashboard/${ADMIN.username}/add-category`);
  const add = page.getByRole('button', { name: 'Add category' });
  await add.click();
  const gender = page.getByLabel('Gender');
  await expectFieldError(page, gender, 'Please fill out all required fields.');
  await expectFieldError(page, page.getByLabel('Name', { exact: true }), 'Please fill out all required fields.', { focused: false });
  await shot('form-errors-add-category');
  await expectToast(page, 'Please fill out all required fields.');
  await gender.selectOption('women');
  await expect(gender).not.toHaveAttribute('aria-invalid');
  await add.click();
  // (the same toast again may be swallowed while the last one leaves: the toasts' own rule, tested in admin.spec.ts)
  await expectFieldError(page, page.getByLabel('Name', { exact: true }), 'Please fill out all required fields.');

  await page.goto(`/dashboard/${ADMIN.username}/add-product`);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expectFieldError(page, page.getByLabel('Name', { exact: true }), 'Please fill out all required fields.');
  await page.getByLabel('Name', { exact: true }).fill('Linen Kaftan');
  await page.getByLabel('Description', { exact: true }).fill('Loose and light.');
  await page.getByLabel('Price (EGP)').fill('0');
  await page.getByLabel('Gender').selectOption('women');
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create product' }).click();
  await expectFieldError(page, page.getByLabel('Price (EGP)'), 'Price must be greater than zero.');
  await expectToast(page, 'Price must be greater than zero.');
  await page.getByLabel('Price (EGP)').fill('300');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(toasts(page).filter({ hasText: 'Please choose images' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Images' }).getByText('Please choose images')).toBeVisible();
  await shot('form-errors-add-product');
});

test('login with a short password names the error at the password field', async ({ page }) => {
  const loginCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/login') loginCalls.push(r.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  const modal = page.getByRole('dialog', { name: 'Welcome back' });
  await modal.getByRole('button', { name: 'Login', exact: true }).click();
  await expectFieldError(page, modal.getByLabel('Email'), 'Email is required');
  await expectFieldError(page, modal.getByLabel('Password'), 'Password is required', { focused: false });
  await modal.getByLabel('Email').fill('someone@shop.test');
  await modal.getByLabel('Password').fill('short12');
  await modal.getByRole('button', { name: 'Login', exact: true }).click();
  await expectFieldError(page, modal.getByLabel('Password'), 'Password must be at least 8 characters');
  await expect(toasts(page).filter({ hasText: 'Password must be at least 8 characters' })).toBeVisible();
  // the browser's own rule agrees, and nothing left the browser
  expect(await modal.getByLabel('Password').evaluate((input: HTMLInputElement) => input.validity.tooShort)).toBe(true);
  expect(loginCalls).toEqual([]);
});

test.describe('a taken email or username', () => {
  // Chromium logs the 409 as a console error; the page handles it at the field and in the toast
  test.use({ expectedConsoleErrors: [/status of 409/] });

  test('account details mark a blank email, then a taken username at its field', async ({ page, request }) => {
    const taken = await registerCustomer(request);
    const customer = await registerCustomer(request);
    await page.goto('/');
    await logIn(page, customer);
    await page.goto(`/account/${customer.username}/account-details`);
    const email = page.getByLabel('Email');
    await email.clear();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectFieldError(page, email, 'Email is required');
    await expectToast(page, 'Email is required');
    await email.fill(customer.email);
    await expect(email).not.toHaveAttribute('aria-invalid');
    await page.getByLabel('Username').fill(taken.username);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectFieldError(page, page.getByLabel('Username'), 'This username is already taken');
    await expectToast(page, 'This username is already taken');
  });

  test('shows the server\'s refusal at the email field', async ({ page, request, shot }) => {
    const taken = await registerCustomer(request);
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Welcome back' }).getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('dialog', { name: 'Create your account' });
    await register.getByLabel('Username').fill(`${taken.username}-2`);
    await register.getByLabel('Email').fill(taken.email);
    await register.getByLabel('Password').fill(taken.password);
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    const email = register.getByLabel('Email');
    await expectFieldError(page, email, 'This email is already registered');
    await expect(toasts(page).filter({ hasText: 'This email is already registered' })).toBeVisible();
    await expect(register.getByRole('alert')).toHaveText('This email is already registered');
    await expect(register.getByLabel('Username')).not.toHaveAttribute('aria-invalid');
    await shot('form-errors-register');
    await email.fill(`other-${taken.email}`);
    await expect(email).not.toHaveAttribute('aria-invalid');
  });
});
