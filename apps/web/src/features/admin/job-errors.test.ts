// Failed jobs' causes in words (issue 42: the raw error was shown), each sentence in the admin's two catalogs.
import { describe, expect, it } from 'vitest';
import { ADMIN_CATALOG } from './i18n/ar.ts';
import { jobFailure } from './job-errors.ts';

describe('jobFailure', () => {
  it("says what a mail's error means", () => {
    expect(jobFailure({ task: 'order-mail', lastError: 'mail not sent, given up after 6 attempts: connect ECONNREFUSED 127.0.0.1:2525' })).toBe('The mail server could not be reached.');
    expect(jobFailure({ task: 'account-mail', lastError: 'mail not sent, given up after 6 attempts: Invalid login: 535 5.7.8 Authentication failed' })).toBe('The mail server refused the shop’s user name or password (SMTP_URL).');
    expect(jobFailure({ task: 'order-mail', lastError: 'mail not sent, given up after 2 attempts: 451 Mailbox busy' })).toBe('The mail server asked to be tried later (busy or over a sending limit).');
    expect(jobFailure({ task: 'back-in-stock-mail', lastError: 'mail not sent, given up after 6 attempts: 550 5.1.1 No such user' })).toBe('The mail server refused the message.');
    expect(jobFailure({ task: 'order-mail', lastError: 'something else' })).toBe('The mail could not be sent.');
  });

  it("says what a refund's error means", () => {
    expect(jobFailure({ task: 'refund', lastError: 'fetch failed: getaddrinfo ENOTFOUND accept.paymob.com' })).toBe('The payment provider could not be reached.');
    expect(jobFailure({ task: 'refund', lastError: 'a payment is owed back but the payment provider (sandbox) takes no payment after its order' })).toBe('The payment provider set up now cannot give this payment back.');
    expect(jobFailure({ task: 'paymob-extra-payment', lastError: 'Paymob answered 400' })).toBe('The payment provider refused to give the money back.');
  });

  it('has an Arabic sentence for every answer', () => {
    for (const lastError of ['ECONNREFUSED', '535', ' 451 busy', ' 550 no', 'x']) {
      for (const task of ['order-mail', 'refund', 'payment-hold', 'prune-keys'] as const) {
        expect(ADMIN_CATALOG.texts[jobFailure({ task, lastError })]).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });
});
