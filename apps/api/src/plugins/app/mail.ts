// `app.mail`: the messages the shop sends, each one call. A call returns at once and never throws: the message is
// built (modules/mail: its recipient and its words) and handed to the mailer, which sends it in the background and
// retries (decision 013). The workflows call it after the transaction that made the news has committed.
import { setImmediate as afterAnswer, setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { localText, shopNameIn } from '@shop/core/brand';
import type { Order } from '@shop/core/schemas';
import type { AccountMail, PasswordResetLink } from '../../modules/accounts/context.ts';
import { Mailer, outboxTransport, smtpTransport } from '../../modules/mail/mailer.ts';
import { orderMailRecipient } from '../../modules/mail/recipients.ts';
import type { OrderMail } from '../../modules/orders/context.ts';
import {
  ORDER_MAIL_STATUSES, emailChangedMail, orderPlacedMail, orderStatusMail, passwordResetMail, type Mail, type MailLanguage, type MailShop, type OrderMailStatus,
} from '../../modules/mail/templates.ts';

/** How long a stop waits for sends under way before it closes anyway. */
const CLOSE_GRACE_MS = 2_000;

/** The mail the accounts' and the orders' workflows send (their ports, AccountMail and OrderMail), and a wait for tests. */
export interface ShopMail extends AccountMail, OrderMail {
  /** An order was placed (cash or card). */
  orderPlaced(order: Order): void;
  /**
   * An order moved to shipped, delivered or canceled. `status` defaults to the order's own `status` field;
   * `refund` is the EGP amount given back to the card by a cancel, if any.
   */
  orderStatusChanged(order: Order & { status?: string }, change?: { status?: OrderMailStatus; refund?: number }): void;
  /**
   * A password reset link, in the language the reset was asked for in. `issue` runs after the caller has answered: it
   * stores a token for the account an email names and answers that account and the link, or null when no account has
   * the email (nothing is sent).
   */
  passwordReset(issue: () => Promise<PasswordResetLink | null>, lang?: MailLanguage): void;
  /** The account's email was changed: the address it had is told, naming the new one. */
  emailChanged(account: { previousEmail: string; email: string; username: string }, lang?: MailLanguage): void;
  /** Resolves once every message handed over has been sent or given up (tests). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: ShopMail;
  }
}

const isOrderMailStatus = (status: unknown): status is OrderMailStatus => ORDER_MAIL_STATUSES.includes(status as OrderMailStatus);

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
      orderPlaced(order) {
        post({ orderId: order._id }, async () => {
          const recipient = await orderMailRecipient(app.db, order);
          const { shop, from } = await shopFor(recipient.lang);
          return { to: recipient.to, from, ...orderPlacedMail(recipient.order, shop, recipient.lang) };
        });
      },
      orderStatusChanged(order, change = {}) {
        const status = change.status ?? order.status;
        if (!isOrderMailStatus(status)) {
          log.error({ orderId: order._id, status }, 'mail not sent: no message for this order status');
          return;
        }
        post({ orderId: order._id }, async () => {
          const recipient = await orderMailRecipient(app.db, order);
          const { shop, from } = await shopFor(recipient.lang);
          return { to: recipient.to, from, ...orderStatusMail(recipient.order, { status, refund: change.refund }, shop, recipient.lang) };
        });
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
        await Promise.allSettled([...building]);
        await mailer.idle();
      },
    });
    log.info({ transport: mailer.kind, ...(mailer.kind === 'outbox' ? { outbox: settings.outboxDir } : {}) }, `mail goes ${mailer.kind === 'smtp' ? 'over SMTP' : `to the outbox ${settings.outboxDir}`}`);
  },
  { name: 'mail', dependencies: ['db', 'settings'] },
);
