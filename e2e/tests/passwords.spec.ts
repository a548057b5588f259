// Issue 16: a shopper who forgot the password asks for a link from the login modal, reads it in the mail (the
// server's outbox), chooses a new password and logs in with it; and a logged-in shopper changes the password.
import { registerCustomer, statusOf, useSession } from './api.ts';
import { accountLink, expect, expectToast, test, toasts } from './fixtures.ts';
import { latestMail, mailCount } from './outbox.ts';

// the shop's name (its settings) is in the subject
const RESET_SUBJECT = /^Reset your .+ password$/;

// the refusals these journeys provoke (a used link, a wrong current password) are 400s, which Chromium logs
test.use({ expectedConsoleErrors: [/status of 400/] });

test('forgot password: the link from the mail sets a new password, once, and the shopper logs in with it', async ({ page, request, shot }) => {
  const customer = await registerCustomer(request);
  const before = await mailCount(customer.email, RESET_SUBJECT);

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const modal = page.getByRole('dialog', { name: 'Welcome back' });
  await modal.getByLabel('Email').fill(customer.email);
  await modal.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(modal).toBeHidden();

  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  // the email typed in the modal came along
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  await page.getByLabel('Email').fill('not an email');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email');
  await expectToast(page, 'Please enter a valid email');
  await page.getByLabel('Email').fill(customer.email);
  await shot('forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'If this email has an account, a reset link is on its way' });
  await expect(sent).toBeVisible();
  await expect(sent).toBeFocused();
  await shot('forgot-password-sent');

  const mail = await latestMail(customer.email, RESET_SUBJECT, before);
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeDefined();
  const address = new URL(link!);
  expect(String(mail.html)).toContain(`href="${link}"`);

  await page.goto(`${address.pathname}${address.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByLabel('New password')).toBeFocused();
  await expectToast(page, 'Password must be at least 8 characters');
  await shot('reset-password');
  const newPassword = 'New-pass-456';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(toasts(page).filter({ hasText: 'Your password has been changed, please log in' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const login = page.getByRole('dialog', { name: 'Welcome back' });
  await login.getByLabel('Email').fill(customer.email);
  await login.getByLabel('Password').fill(customer.password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(login.getByRole('alert')).toHaveText('Invalid email or password');
  await login.getByLabel('Password').fill(newPassword);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(login).toBeHidden();
  await expect(accountLink(page)).toHaveAttribute('href', `/account/${customer.username}`);

  // the link works once
  await page.goto(`${address.pathname}${address.search}`);
  await page.getByLabel('New password').fill('Another-pass-789');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.locator('#main').getByText('This reset link is invalid or has expired')).toBeFocused();
  await shot('reset-password-invalid');
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
});

test('account details: the password changes after the current one is given, and the session stays', async ({ page, request, context, baseURL, shot }) => {
  const customer = await registerCustomer(request);
  await useSession(context, baseURL!, customer);
  await page.goto(`/account/${encodeURIComponent(customer.username)}/account-details`);
  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not my password');
  await form.getByLabel('New password').fill('Changed-pass-321');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByLabel('Current password')).toBeFocused();
  await expect(form.getByLabel('Current password')).toHaveAccessibleDescription('Your current password is not correct');
  await expectToast(page, 'Your current password is not correct');
  await shot('change-password-error');

  await form.getByLabel('Current password').fill(customer.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Your password has been changed');
  await expect(form.getByLabel('Current password')).toHaveValue('');

  // still logged in here, with the new token: a page that needs the session loads
  await page.goto(`/account/${encodeURIComponent(customer.username)}/my-orders`);
  await expect(page.getByText('No orders')).toBeVisible();
  await expect(accountLink(page)).toBeVisible();
  expect(await statusOf(request, 'getCart', { token: customer.token })).toBe(401);
  expect(await statusOf(request, 'login', { body: { email: customer.email, password: 'Changed-pass-321' } })).toBe(200);
});
