import type { LoginAnswer } from '@shop/core/contract/accounts';
import type { ConsentChoices, TwoFactorTicket } from '@shop/core/contract/privacy';
import { rememberAnalyticsConsent } from '../../../lib/analytics-consent.ts';
import { call } from '../../../lib/api-client.ts';
import { mergeGuestCart } from '../../../lib/guest-cart.ts';
import { logIn } from '../../../lib/session.ts';

/** Signed in, or (two-step sign-in on) a ticket for `loginWithCode`. */
export async function login(email: string, password: string): Promise<LoginAnswer | TwoFactorTicket> {
  const answer = await call('login', { body: { email, password } });
  if ('twoFactorRequired' in answer) return answer;
  return signedIn(answer);
}

/** The second step: a code of the authenticator app, or a recovery code. */
export async function loginWithCode(ticket: string, code: string): Promise<LoginAnswer> {
  return signedIn(await call('twoFactorLogin', { body: { ticket, code } }));
}

async function signedIn(answer: LoginAnswer): Promise<LoginAnswer> {
  logIn(answer);
  // a visitor's cart kept in the browser goes into the account's (PRODUCT section 8)
  if (!answer.isAdmin) await mergeGuestCart();
  return answer;
}

export async function register(username: string, email: string, password: string, consents?: ConsentChoices): Promise<string> {
  const answer = await call('register', { body: { username, email, password, ...(consents ? { consents } : {}) } });
  if (consents?.analytics) rememberAnalyticsConsent(true);
  return answer.message;
}

/** Always the same sentence, whether or not the email has an account. */
export async function forgotPassword(email: string): Promise<string> {
  const answer = await call('forgotPassword', { body: { email } });
  return answer.message;
}

export async function resetPassword(token: string, password: string): Promise<string> {
  const answer = await call('resetPassword', { body: { token, password } });
  return answer.message;
}
