import type { Db } from '../../db/client.ts';

/** What the accounts' workflows reach besides the database. The app's plugins provide each (routes/auth, routes/users). */
export interface AccountContext {
  db: Db;
  mail: AccountMail;
  /** the shop's public address (PUBLIC_URL): the links in mails lead there */
  publicUrl: string;
}

/** The account's mail (plugins/app/mail.ts): each call returns at once, the message goes out in the background. */
export interface AccountMail {
  /**
   * A password reset link. `issue` runs after the caller has answered: it stores a token for the account an email
   * names and answers that account and the link, or null when no account has the email (nothing is sent).
   */
  passwordReset(issue: () => Promise<PasswordResetLink | null>, lang: 'en' | 'ar'): void;
  /** The account's email was changed: the address it had is told, naming the new one. */
  emailChanged(account: { previousEmail: string; email: string; username: string }, lang: 'en' | 'ar'): void;
}

export interface PasswordResetLink {
  account: { email: string; username: string };
  link: string;
}
