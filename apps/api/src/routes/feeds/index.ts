// The product feeds Meta and Google fetch (PRODUCT section 9): /feeds/meta.csv and /feeds/google.xml, behind the token
// of the settings (none set: there is no feed, 404; a wrong or missing one: 401). `?lang=ar` answers the Arabic one.
import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { shopNameIn } from '@shop/core/brand';
import { MESSAGES } from '@shop/core/messages';
import { notFound, unauthenticated } from '../../modules/errors.ts';
import { feedItems, googleXml, metaCsv, type FeedLanguage, type FeedShop } from '../../modules/reach/feeds.ts';
import { LONG_REQUEST_MS } from '../../lib/route.ts';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const feedRoutes: FastifyPluginAsync = async (app) => {
  const { publicUrl, imageBaseUrl } = app.config;

  /** The shop as the feed writes it, once its token is checked. */
  async function feedShop(request: FastifyRequest): Promise<FeedShop> {
    const settings = await app.settings.current();
    const expected = settings.feeds?.token ?? '';
    if (!expected) throw notFound(MESSAGES.notFound);
    const { token, lang } = request.query as { token?: unknown; lang?: unknown };
    if (typeof token !== 'string' || !sameToken(token, expected)) throw unauthenticated(MESSAGES.feedTokenWrong);
    const feedLang: FeedLanguage = lang === 'ar' ? 'ar' : 'en';
    return { brand: shopNameIn(settings, feedLang), publicUrl, imageBase: imageBaseUrl ?? publicUrl, lang: feedLang };
  }

  // A feed of 100,000 products is written for a minute or two: REQUEST_TIMEOUT (30 s) would cut it mid-row, so it has
  // the uploads' and spreadsheets' limit (bench:scale's feeds at 100,000 were cut there)
  const FEED_ROUTE = { schema: { hide: true }, handlerTimeout: LONG_REQUEST_MS };

  // Sent as written: the first line leaves before the catalog is read, then a page of products at a time.
  const stream = (reply: FastifyReply, type: string, pieces: AsyncGenerator<string>) =>
    reply.type(type).header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex').send(Readable.from(pieces));

  app.get('/feeds/meta.csv', FEED_ROUTE, async (request, reply) => {
    const shop = await feedShop(request);
    return stream(reply, 'text/csv; charset=utf-8', metaCsv(feedItems(app.db, shop), shop.lang));
  });

  app.get('/feeds/google.xml', FEED_ROUTE, async (request, reply) => {
    const shop = await feedShop(request);
    return stream(reply, 'application/xml; charset=utf-8', googleXml(feedItems(app.db, shop), shop));
  });
};

export default feedRoutes;
