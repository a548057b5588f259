// `app.mail`: the messages the shop sends, each one call. A call returns at once and never throws: the message is
// built and handed to the mailer, which sends it in the background and retries (src/mail, decision 013). Call it
// after the transaction that made the news has committed.
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Order } from '@shop/core/schemas';
import { orders, users } from '../../db/schema.ts';
import { Mailer, outboxTransport, smtpTransport } from '../../mail/mailer.ts';
import { ORDER_MAIL_STATUSES, orderPlacedMail, orderStatusMail, passwordResetMail, type Mail, type MailLanguage, type OrderMailStatus } from '../../mail/templates.ts';

/** How long a stop waits for sends under way before it closes anyway. */
const CLOSE_GRACE_MS = 2_000;

export interface ShopMail {
  /** An order was placed (cash or card). */
  orderPlaced(order: Order): void;
  /**
   * An order moved to shipped, delivered or canceled. `status` defaults to the order's own `status` field;
   * `refund` is the EGP amount given back to the card by a cancel, if any.
   */
  orderStatusChanged(order: Order & { status?: string }, change?: { status?: OrderMailStatus; refund?: number }): void;
  /** A password reset link, to the account's email, in the language the reset was asked for in. */
  passwordReset(account: { email: string; username: string }, link: string, lang?: MailLanguage): void;
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
    const { mail: settings, publicUrl } = app.config;
    const log = app.log.child({ module: 'mail' });
    const transport = settings.smtpUrl ? smtpTransport(settings.smtpUrl, settings.from) : outboxTransport(settings.outboxDir, settings.from);
    const mailer = new Mailer(transport, log, settings.retryDelaysMs);
    app.addHook('onClose', async () => mailer.close(CLOSE_GRACE_MS));

    /** Builds the message in the background too, so nothing about mail can fail or slow the caller. */
    const building = new Set<Promise<void>>();
    const post = (to: string, build: () => Mail | Promise<Mail>) => {
      const handing = (async () => mailer.send({ to, ...(await build()) }))().catch((error: unknown) => {
        log.error({ err: error, to }, 'mail not sent: the message could not be built');
      });
      building.add(handing);
      void handing.finally(() => building.delete(handing));
    };

    // The order's page is under its owner's username, which the order itself may not carry; its mails are in the
    // language the shopper checked out in (orders.lang, decision 018).
    const recipientOf = async (order: Order): Promise<{ order: Order; lang: MailLanguage }> => {
      const [row] = await app.db
        .select({ username: users.username, lang: orders.lang })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, order._id));
      const username = order.username ?? row?.username;
      return { order: username ? { ...order, username } : order, lang: row?.lang ?? 'en' };
    };

    app.decorate<ShopMail>('mail', {
      orderPlaced(order) {
        post(order.email, async () => {
          const recipient = await recipientOf(order);
          return orderPlacedMail(recipient.order, publicUrl, recipient.lang);
        });
      },
      orderStatusChanged(order, change = {}) {
        const status = change.status ?? order.status;
        if (!isOrderMailStatus(status)) {
          log.error({ orderId: order._id, status }, 'mail not sent: no message for this order status');
          return;
        }
        post(order.email, async () => {
          const recipient = await recipientOf(order);
          return orderStatusMail(recipient.order, { status, refund: change.refund }, publicUrl, recipient.lang);
        });
      },
      passwordReset(account, link, lang = 'en') {
        post(account.email, () => passwordResetMail(account.username, link, publicUrl, lang));
      },
      idle: async () => {
        await Promise.allSettled([...building]);
        await mailer.idle();
      },
    });
    log.info({ transport: mailer.kind, ...(mailer.kind === 'outbox' ? { outbox: settings.outboxDir } : {}) }, `mail goes ${mailer.kind === 'smtp' ? 'over SMTP' : `to the outbox ${settings.outboxDir}`}`);
  },
  { name: 'mail', dependencies: ['db'] },
);
