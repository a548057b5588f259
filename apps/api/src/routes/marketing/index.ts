// Where shoppers are (PRODUCT section 9): the admin's Marketing status, and the one-click unsubscribe of the cart
// reminders' mails (RFC 8058), which works without signing in: its link carries the account and a token derived from it.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { isLang, type Lang } from '@shop/core/locale';
import { MESSAGES } from '@shop/core/messages';
import { arabicOf } from '@shop/core/messages.ar';
import { route } from '../../lib/route.ts';
import { requestLanguage } from '../../lib/language.ts';
import { privacyVersion } from '../../modules/accounts/consents.ts';
import { invalid, notFound } from '../../modules/errors.ts';
import { isUuid } from '../../modules/ids.ts';
import { isUnsubscribeToken, reminderFigures, unsubscribe } from '../../modules/reach/carts-left.ts';
import { unsubscribePage } from './unsubscribe-page.ts';

const UNSUBSCRIBE = '/api/marketing/unsubscribe';

const marketingRoutes: FastifyPluginAsync = async (app) => {
  const { publicUrl, jwtSecret, meta } = app.config;

  route(app, endpoints.marketingStatus, async () => {
    const settings = await app.settings.current();
    const token = settings.feeds?.token ?? '';
    const feed = (file: string, lang?: 'ar') => (token ? `${publicUrl}/feeds/${file}?token=${encodeURIComponent(token)}${lang ? `&lang=${lang}` : ''}` : null);
    const { metaPixelId, cartReminders } = settings.marketing;
    return {
      feeds: {
        configured: Boolean(token),
        metaCsv: feed('meta.csv'),
        metaCsvArabic: feed('meta.csv', 'ar'),
        googleXml: feed('google.xml'),
        googleXmlArabic: feed('google.xml', 'ar'),
      },
      pixel: { configured: Boolean(metaPixelId), id: metaPixelId },
      conversionsApi: { configured: Boolean(meta.capiToken) },
      // whether the five WHATSAPP_ settings are given: never the settings themselves
      whatsapp: { configured: app.messaging?.channel === 'whatsapp' },
      cartReminders: { on: cartReminders, ...(await reminderFigures(app.db)) },
    };
  });

  // a mail program's one-click POST (RFC 8058) sends `List-Unsubscribe=One-Click` as a form, or as multipart: read as
  // text and not looked at, here alone
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));

  /** The link's account, when its token is its own; the language of its page. */
  function linkOf(request: FastifyRequest): { userId: string | null; lang: Lang } {
    const { user, token, lang } = request.query as { user?: unknown; token?: unknown; lang?: unknown };
    const pageLang = typeof lang === 'string' && isLang(lang) ? lang : requestLanguage(request);
    const valid = typeof user === 'string' && isUuid(user) && typeof token === 'string' && isUnsubscribeToken(jwtSecret, user, token);
    return { userId: valid ? user : null, lang: pageLang };
  }

  const page = async (reply: FastifyReply, status: number, lang: Lang, content: { action: string } | { said: string }) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(unsubscribePage(await app.settings.current(), lang, publicUrl, content));
  const said = (message: string, lang: Lang) => ({ said: lang === 'ar' ? arabicOf(message) : message });

  // a browser (the mail's link) is answered with the page; a mail program's POST or any other client with `{ message }`
  const wantsPage = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

  app.get(UNSUBSCRIBE, { schema: { hide: true } }, async (request, reply) => {
    const { userId, lang } = linkOf(request);
    if (!wantsPage(request)) throw userId ? notFound(MESSAGES.notFound) : invalid(MESSAGES.unsubscribeLinkWrong);
    if (!userId) return page(reply, 400, lang, said(MESSAGES.unsubscribeLinkWrong, lang));
    return page(reply, 200, lang, { action: request.url });
  });

  app.post(UNSUBSCRIBE, { schema: { hide: true } }, async (request, reply) => {
    const { userId, lang } = linkOf(request);
    if (!userId) {
      if (!wantsPage(request)) throw invalid(MESSAGES.unsubscribeLinkWrong);
      return page(reply, 400, lang, said(MESSAGES.unsubscribeLinkWrong, lang));
    }
    await unsubscribe(app.db, userId, { ip: request.ip, version: privacyVersion(await app.settings.current()) });
    if (!wantsPage(request)) return reply.header('Cache-Control', 'no-store').send({ message: MESSAGES.unsubscribed });
    return page(reply, 200, lang, said(MESSAGES.unsubscribed, lang));
  });
};

export default marketingRoutes;
