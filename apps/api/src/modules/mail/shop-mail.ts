import type { MailMessage, MailTry } from './mailer.ts';
import type { Mail, MailLanguage, MailShop } from './templates.ts';

/** The shop's mail as the jobs that send it reach it (plugins/app/mail.ts provides it). */
export interface ShopMail {
  /** One try of a message, logged: sent, or why not and, when a retry is due, in how long (Mailer.tryOnce). */
  tryOnce(message: MailMessage, attempt: number): Promise<MailTry>;
  /** The shop as its settings are now, in the mail's language, and the sender to write on the mail (none: MAIL_FROM's). */
  shopFor(lang: MailLanguage): Promise<{ shop: MailShop; from?: Mail['from'] }>;
  /** Resolves once every message handed over has been sent or given up, and no mail is due (tests). */
  idle(): Promise<void>;
}
