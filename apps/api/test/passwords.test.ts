import { DEFAULT_SETTINGS } from '@shop/core/brand';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../src/db/schema.ts';
import { uniqueHandle } from '@shop/core/factories';
import { TEST_PASSWORD, createUser, signedIn } from './helpers.ts';
import { api } from './client.ts';
import { buildMailingApp, startSmtpServer, type MailingApp, type TestSmtpServer } from './mail-server.ts';

// the shop's name as a shop started without the demo has it (its settings' default)
const SHOP = DEFAULT_SETTINGS.name;

const SENT = { message: 'If this email has an account, a reset link is on its way' };
const INVALID = { message: 'This reset link is invalid or has expired' };
const SESSION_EXPIRED = { message: 'Your session has expired, please log in again' };

let smtp: TestSmtpServer;
let mailing: MailingApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailing = await buildMailingApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Sender Name <accounts@shop.test>', PASSWORD_RESET_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await mailing.app.close();
  await smtp.close();
});

const forgot = (email: string) => api('forgotPassword', { app: mailing.app, body: { email } });
const reset = (token: string, password: string) => api('resetPassword', { app: mailing.app, body: { token, password } });
const login = (email: string, password: string) => api('login', { app: mailing.app, body: { email, password } });
const cart = (token: string) => api('getCart', { app: mailing.app, token });

/** Asks for a reset link and reads the token from the mail that arrives (the `count`th to this address). */
async function resetToken(email: string, count = 1, typed = email): Promise<string> {
  expect((await forgot(typed)).body).toEqual(SENT);
  const mails = await smtp.messagesTo(email, count);
  const mail = mails[count - 1]!;
  const link = /https:\/\/shop\.example\/reset-password\?token=([\w-]+)/.exec(mail.text ?? '');
  expect(link, mail.text).not.toBeNull();
  expect(String(mail.html)).toContain(`href="${link![0]}"`);
  return link![1]!;
}

describe('forgot password → reset password', () => {
  it('mails a link that sets a new password once; the old password and every older session stop working', async () => {
    const { user, token: session } = await createUser();
    const resetLink = await resetToken(user.email, 1, ` ${user.email.toUpperCase()} `);
    const [mail] = await smtp.messagesTo(user.email);
    expect(mail!.subject).toBe(`Reset your ${SHOP} password`);
    expect(mail!.text).toContain(`Hello ${user.username},`);
    expect(mail!.text).toContain('within an hour');

    const stored = await mailing.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user._id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(resetLink);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const done = await reset(resetLink, 'a brand new password');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Your password has been changed, please log in' });

    expect((await login(user.email, TEST_PASSWORD)).status).toBe(400);
    const fresh = await login(user.email, 'a brand new password');
    expect(fresh.status).toBe(200);
    // the session from before the reset is refused; the one after it works
    const old = await cart(session);
    expect(old.status).toBe(401);
    expect(old.body).toEqual(SESSION_EXPIRED);
    expect((await cart(signedIn(fresh.answer).token)).status).toBe(200);

    const again = await reset(resetLink, 'yet another password');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID);
    expect((await login(user.email, 'a brand new password')).status).toBe(200);
  });

  it('answers an unknown email exactly as a known one, and mails nobody', async () => {
    const email = `${uniqueHandle('nobody')}@example.com`;
    const unknown = await forgot(email);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(SENT);
    await mailing.app.mail.idle();
    expect(smtp.received.filter((mail) => mail.text?.includes(email) || [mail.to].flat().some((to) => to?.text === email))).toEqual([]);
  });

  it('refuses a link after its hour is over', async () => {
    const { user } = await createUser();
    const token = await resetToken(user.email);
    // the hour passes: the stored expiry is moved back instead of waiting
    await mailing.app.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user._id));
    const late = await reset(token, 'a brand new password');
    expect(late.status).toBe(400);
    expect(late.body).toEqual(INVALID);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('refuses the links mailed before a reset', async () => {
    const { user } = await createUser();
    const first = await resetToken(user.email, 1);
    const second = await resetToken(user.email, 2);
    expect(first).not.toBe(second);
    expect((await reset(second, 'the second new password')).status).toBe(200);
    const older = await reset(first, 'the first new password');
    expect(older.status).toBe(400);
    expect(older.body).toEqual(INVALID);
    expect((await login(user.email, 'the second new password')).status).toBe(200);
  });

  it('lets only one of two resets with the same link through', async () => {
    const { user } = await createUser();
    const token = await resetToken(user.email);
    const answers = await Promise.all([reset(token, 'first racing password'), reset(token, 'second racing password')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it.each([
    ['a weak password, with the register rule (the link stays usable)', { password: 'short' }, 'Password must be at least 8 characters'],
    ['no password', { password: undefined }, 'Password is required'],
    ['no token', { token: undefined }, INVALID.message],
    ['an empty token', { token: '' }, INVALID.message],
    ['a token that was never issued', { token: 'x'.repeat(43) }, INVALID.message],
  ])('answers %s with 400', async (_name, change, message) => {
    const { user } = await createUser();
    const token = await resetToken(user.email);
    const response = await api('resetPassword', { app: mailing.app, payload: { token, password: 'a fine new password', ...change } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect((await reset(token, 'a fine new password')).status).toBe(200);
  });

  it('answers a malformed email with 400 and the email rule', async () => {
    const response = await api('forgotPassword', { app: mailing.app, payload: { email: 'not an email' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Please enter a valid email' });
  });

  it('is rate limited per client address', async () => {
    const limited = await buildMailingApp({ SMTP_URL: smtp.url, MAIL_FROM: 'accounts@shop.test', PASSWORD_RESET_RATE_LIMIT: '2' });
    try {
      const email = `${uniqueHandle('limited')}@example.com`;
      const ask = () => api('forgotPassword', { app: limited.app, body: { email }, remoteAddress: '10.9.8.7' });
      expect((await ask()).status).toBe(200);
      expect((await ask()).status).toBe(200);
      const third = await ask();
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ message: 'Too many attempts, please try again later' });
      const resets = await api('resetPassword', { app: limited.app, body: { token: 'whatever', password: 'a fine new password' }, remoteAddress: '10.9.8.6' });
      expect(resets.status).toBe(400);
    } finally {
      await limited.app.close();
    }
  });
});

describe('PUT /api/users/password', () => {
  const change = (token: string, payload: unknown) => api('changePassword', { app: mailing.app, token, payload });

  it('changes the password, answers a new token for this session and signs out every older one', async () => {
    const { user, token } = await createUser();
    const other = await login(user.email, TEST_PASSWORD);
    const response = await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'my new password 7' });
    expect(response.status).toBe(200);
    expect(response.answer.message).toBe('Your password has been changed');

    expect((await cart(response.answer.token)).status).toBe(200);
    expect((await cart(token)).body).toEqual(SESSION_EXPIRED);
    expect((await cart(signedIn(other.answer).token)).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(400);
    expect((await login(user.email, 'my new password 7')).status).toBe(200);
  });

  it('cancels the reset links mailed before the change', async () => {
    const { user, token } = await createUser();
    const link = await resetToken(user.email);
    expect((await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'my new password 8' })).status).toBe(200);
    expect((await reset(link, 'a password from the link')).body).toEqual(INVALID);
  });

  it.each([
    ['a wrong current password', { currentPassword: 'not my password', newPassword: 'my new password 9' }, 'Your current password is not correct'],
    ['no current password', { newPassword: 'my new password 9' }, 'Current password is required'],
    ['a weak new password', { currentPassword: TEST_PASSWORD, newPassword: 'short' }, 'Password must be at least 8 characters'],
    ['the same password again', { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, 'Please choose a new password, not your current one'],
  ])('answers %s with 400 and changes nothing', async (_name, payload, message) => {
    const { user, token } = await createUser();
    const response = await change(token, payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect((await cart(token)).status).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('needs a session', async () => {
    const response = await api('changePassword', { app: mailing.app, payload: { currentPassword: TEST_PASSWORD, newPassword: 'my new password 9' } });
    expect(response.status).toBe(401);
  });
});
