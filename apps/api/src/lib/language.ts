// The language a request was made in, for the page the server writes and for what the shop says later (mails,
// decision 018): the `lang` cookie the navbar's switch sets (PRODUCT.md section 7 "Arabic"), else the browser's
// Accept-Language, else English. The readers themselves are shop-core's, shared with the storefront.
import type { FastifyRequest } from 'fastify';
import { langCookieOf, languageOf, type Lang } from '@shop/core/locale';

export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Lang {
  const accept = request.headers['accept-language'];
  return langCookieOf(request.headers.cookie) ?? languageOf(Array.isArray(accept) ? accept.join(',') : accept);
}
