// `app.mail`: the messages the shop sends. An order's mail is a job (decision 026): the workflow queues it in its
// transaction and the job runner calls orderMail, which builds and sends it now and throws when it could not (the
// queue tries again). The accounts' mail (a reset link, an email changed) is one call that returns at once and never
// throws: the message is built and handed to the mailer, which sends it in the background and retries (decision 013).
import { setImmediate as afterAnswer, setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { localText, shopNameIn } from '@shop/core/brand';
import type { AccountMail, PasswordResetLink } from '../../modules/accounts/context.ts';
import { Mailer, outboxTransport, smtpTransport, type MailTry } from '../../modules/mail/mailer.ts';
import { guestTokenOf } from '../../modules/orders/guest.ts';
import { orderMailMessage, type OrderMailJob } from '../../modules/mail/order-mail.ts';
import { emailChangedMail, passwordResetMail, type Mail, type MailLanguage, type MailShop } from '../../modules/mail/templates.ts';

/** How long a stop waits for sends under way before it closes anyway. */
const CLOSE_GRACE_MS = 2_000;

/** The mail the accounts' workflows send (their port, AccountMail), an order's mail for its job, and a wait for tests. */
export interface ShopMail extends AccountMail {
  /**
   * One try of an order's mail (its job's): built from the order now and sent, logged as every mail is. Answers how it
   * went (the job queues the next try, or gives up); a message that could not be built throws.
   */
  orderMail(job: OrderMailJob, attempt: number): Promise<MailTry>;
  /**
   * A password reset link, in the language the reset was asked for in. `issue` runs after the caller has answered: it
   * stores a token for the account an email names and answers that account and the link, or null when no account has
   * the email (nothing is sent).
   */
  passwordReset(issue: () => Promise<PasswordResetLink | null>, lang?: MailLanguage): void;
  /** The account's email was changed: the address it had is told, naming the new one. */
  emailChanged(account: { previousEmail: string; email: string; username: string }, lang?: MailLanguage): void;
  /** Resolves once every message handed over has been sent or given up, and no order mail is due (tests). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: ShopMail;
  }
}

export default fp(
  async (app) => {
    const { mail: settings, publicUrl, imageBaseUrl } = app.config;
    const log = app.log.child({ module: 'mail' });
    const transport = settings.smtpUrl ? smtpTransport(settings.smtpUrl, settings.from) : outboxTransport(settings.outboxDir, settings.from);
    const mailer = new Mailer(transport, log, settings.retryDelaysMs);
    // MAIL_FROM's own name, when it has one, is the sender's; otherwise each mail goes out under the shop's name now
    const namedSender = /</.test(settings.from);

    /** The shop as its settings are now, in the mail's language, and the sender to write on the mail (none: MAIL_FROM's). */
    const shopFor = async (lang: MailLanguage): Promise<{ shop: MailShop; from?: Mail['from'] }> => {
      const brand = await app.settings.current();
      const logoUrl = brand.logoUrl && brand.logoUrl.startsWith('/') ? `${imageBaseUrl ?? publicUrl}${brand.logoUrl}` : brand.logoUrl;
      const shop = { publicUrl, name: shopNameIn(brand, lang), tagline: localText(brand.tagline, brand.taglineAr, lang), logoUrl, accent: brand.accentColor };
      return namedSender ? { shop } : { shop, from: { name: brand.name, address: settings.from } };
    };

    /**
     * Builds the message in the background too, so nothing about mail can fail or slow the caller: the building starts
     * once the caller's answer is on its way (its lookups are never part of the answer's time). `build` answers the
     * message and its address, or null when there is nobody to mail; `about` names it in the log until then.
     */
    const building = new Set<Promise<void>>();
    const post = (about: object, build: () => Promise<(Mail & { to: string }) | null>) => {
      const handing = (async () => {
        await afterAnswer();
        const message = await build();
        if (!message) return;
        // a message without a sender of its own is sent from MAIL_FROM (the transport's), not from nobody
        const { from, ...rest } = message;
        mailer.send(from ? { ...rest, from } : rest);
      })().catch((error: unknown) => {
        log.error({ err: error, ...about }, 'mail not sent: the message could not be built');
      });
      building.add(handing);
      void handing.finally(() => building.delete(handing));
    };
    // Messages still being built (an order's lookup, a reset link's store) finish before the database is closed, and
    // sends under way get what is left of the grace: a stop never waits longer than CLOSE_GRACE_MS on mail.
    app.addHook('onClose', async () => {
      const started = Date.now();
      await Promise.race([Promise.allSettled([...building]), sleep(CLOSE_GRACE_MS, undefined, { ref: false })]);
      await mailer.close(Math.max(0, CLOSE_GRACE_MS - (Date.now() - started)));
    });

    app.decorate<ShopMail>('mail', {
      async orderMail(job, attempt) {
        const message = await orderMailMessage(app.db, job, shopFor, (orderId) => guestTokenOf(app.config.jwtSecret, orderId));
        if (message) return mailer.tryOnce(message, attempt);
        log.warn({ orderId: job.orderId, event: job.event }, 'order mail not sent: the order is gone');
        return { sent: true };
      },
      passwordReset(issue, lang = 'en') {
        post({ mail: 'password reset' }, async () => {
          const issued = await issue();
          if (!issued) return null;
          const { shop, from } = await shopFor(lang);
          return { to: issued.account.email, from, ...passwordResetMail(issued.account.username, issued.link, shop, lang) };
        });
      },
      emailChanged(account, lang = 'en') {
        post({ to: account.previousEmail }, async () => {
          const { shop, from } = await shopFor(lang);
          return { to: account.previousEmail, from, ...emailChangedMail(account.username, account.email, shop, lang) };
        });
      },
      idle: async () => {
        // the job runner is decorated after this plugin, and is there by the time anyone waits
        if (app.hasDecorator('jobs')) await app.jobs.idle();
        await Promise.allSettled([...building]);
        await mailer.idle();
      },
    });
    log.info({ transport: mailer.kind, ...(mailer.kind === 'outbox' ? { outbox: settings.outboxDir } : {}) }, `mail goes ${mailer.kind === 'smtp' ? 'over SMTP' : `to the outbox ${settings.outboxDir}`}`);
  },
  { name: 'mail', dependencies: ['db', 'settings'] },
);
