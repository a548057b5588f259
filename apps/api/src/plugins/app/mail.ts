// `app.mail`: how the shop sends its messages. Each is a job (decision 026): the workflow queues it in its transaction
// (an order's mail, a size back in stock, a password reset link, an email changed) and the job, declared by its module,
// builds the message when it runs and tries it here, which answers how it went (the mail's retry policy:
// modules/mail/mail-job.ts).
import fp from 'fastify-plugin';
import { localText, shopNameIn } from '@shop/core/brand';
import { Mailer, outboxTransport, smtpTransport } from '../../modules/mail/mailer.ts';
import type { ShopMail } from '../../modules/mail/shop-mail.ts';
import type { MailLanguage } from '../../modules/mail/templates.ts';

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

    const shopFor: ShopMail['shopFor'] = async (lang: MailLanguage) => {
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
      tryOnce: (message, attempt) => mailer.tryOnce(message, attempt),
      shopFor,
      idle: async () => {
        // the job runner is decorated after this plugin, and is there by the time anyone waits
        if (app.hasDecorator('jobs')) await app.jobs.idle();
      },
    });
    log.info({ transport: mailer.kind, ...(mailer.kind === 'outbox' ? { outbox: settings.outboxDir } : {}) }, `mail goes ${mailer.kind === 'smtp' ? 'over SMTP' : `to the outbox ${settings.outboxDir}`}`);
  },
  { name: 'mail', dependencies: ['db', 'settings'] },
);
