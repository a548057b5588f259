// `app.mail`: the messages the shop sends. Each is a job (decision 026): the workflow queues it in its transaction (an
// order's mail, a size back in stock, a password reset link, an email changed) and the job runner calls the try here,
// which builds the message now and sends it, answering how it went (the job queues the next try, or gives up).
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { localText, shopNameIn } from '@shop/core/brand';
import type { AccountMailJob } from '../../modules/accounts/account-mail.ts';
import { issueResetToken } from '../../modules/accounts/passwords.ts';
import { Mailer, outboxTransport, smtpTransport, type MailTry } from '../../modules/mail/mailer.ts';
import { guestTokenOf } from '../../modules/orders/guest.ts';
import { orderMailMessage, type OrderMailJob } from '../../modules/mail/order-mail.ts';
import { backInStockMessage } from '../../modules/mail/back-in-stock-mail.ts';
import { tellWaitingAsk, type BackInStockMailJob } from '../../modules/catalog/back-in-stock.ts';
import { emailChangedMail, passwordResetMail, type Mail, type MailLanguage, type MailShop } from '../../modules/mail/templates.ts';

/** One try of each kind of the shop's mail, for its job, and a wait for tests. */
export interface ShopMail {
  /**
   * One try of an order's mail (its job's): built from the order now and sent, logged as every mail is. Answers how it
   * went (the job queues the next try, or gives up); a message that could not be built throws.
   */
  orderMail(job: OrderMailJob, attempt: number): Promise<MailTry>;
  /**
   * One try of a back-in-stock mail (decision 040), in the transaction that marks its ask told: nothing is sent for an
   * ask told already, or whose size sold out again since (it waits for the next time).
   */
  backInStockMail(job: BackInStockMailJob, attempt: number): Promise<MailTry>;
  /**
   * One try of an account's mail: a password reset link (a token stored for the account the email names, none and
   * nothing sent when no account has it), or the note to the address an account's email left, naming the new one.
   */
  accountMail(job: AccountMailJob, attempt: number): Promise<MailTry>;
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

    // the job runner's stop (its hook runs first) waits for the tries under way
    app.addHook('onClose', async () => {
      mailer.close();
    });

    app.decorate<ShopMail>('mail', {
      async orderMail(job, attempt) {
        const message = await orderMailMessage(app.db, job, shopFor, (orderId) => guestTokenOf(app.config.jwtSecret, orderId));
        if (message) return mailer.tryOnce(message, attempt);
        log.warn({ orderId: job.orderId, event: job.event }, 'order mail not sent: the order is gone');
        return { sent: true };
      },
      async backInStockMail(job, attempt) {
        const told = await tellWaitingAsk(app.db, job.requestId, async (ask) => {
          const { shop, from } = await shopFor(ask.lang);
          const outcome = await mailer.tryOnce(backInStockMessage(ask, shop, from), attempt);
          return { told: outcome.sent, outcome };
        });
        if (typeof told === 'object') return told.outcome;
        if (told === 'sold-out-again') log.info({ requestId: job.requestId }, 'back-in-stock mail not sent: the size sold out again; the ask waits');
        return { sent: true };
      },
      async accountMail(job, attempt) {
        // its own id (a second run of the job is the same mail): when it was asked for, what, and to whom (hashed)
        const idFor = (to: string) => `${job.queuedAt.replace(/[:.]/g, '-')}-${job.kind}-${createHash('sha256').update(to).digest('hex').slice(0, 16)}`;
        const { shop, from } = await shopFor(job.lang);
        if (job.kind === 'email-changed') {
          const mail = emailChangedMail(job.username, job.email, shop, job.lang);
          return mailer.tryOnce({ ...mail, to: job.previousEmail, ...(from ? { from } : {}), id: idFor(job.previousEmail) }, attempt);
        }
        const issued = await issueResetToken(app.db, job.email);
        if (!issued) return { sent: true };
        const link = `${publicUrl}/reset-password?token=${issued.token}`;
        const mail = passwordResetMail(issued.account.username, link, shop, job.lang);
        return mailer.tryOnce({ ...mail, to: issued.account.email, ...(from ? { from } : {}), id: idFor(issued.account.email) }, attempt);
      },
      idle: async () => {
        // the job runner is decorated after this plugin, and is there by the time anyone waits
        if (app.hasDecorator('jobs')) await app.jobs.idle();
      },
    });
    log.info({ transport: mailer.kind, ...(mailer.kind === 'outbox' ? { outbox: settings.outboxDir } : {}) }, `mail goes ${mailer.kind === 'smtp' ? 'over SMTP' : `to the outbox ${settings.outboxDir}`}`);
  },
  { name: 'mail', dependencies: ['db', 'settings'] },
);
