// The language a request was made in, for what the shop says later (mails, decision 018): the `lang` cookie the
// navbar's switch sets (PRODUCT.md section 7 "Arabic"), else the browser's Accept-Language, else English.
import type { FastifyRequest } from 'fastify';
import type { MailLanguage } from '../mail/templates.ts';

const LANGUAGES: readonly MailLanguage[] = ['en', 'ar'];

const isLanguage = (value: string | undefined): value is MailLanguage => LANGUAGES.includes(value as MailLanguage);

function cookieLanguage(header: string | undefined): MailLanguage | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [name, value] = pair.split('=').map((part) => part.trim());
    if (name === 'lang' && isLanguage(value)) return value;
  }
  return undefined;
}

/** The first language the shop speaks among Accept-Language's, by weight ("ar-EG,ar;q=0.9,en;q=0.8" is Arabic). */
function acceptedLanguage(header: string | undefined): MailLanguage | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { primary: tag.trim().toLowerCase().split('-')[0], weight: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => Number.isFinite(entry.weight) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLanguage);
}

export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): MailLanguage {
  const accept = request.headers['accept-language'];
  return cookieLanguage(request.headers.cookie) ?? acceptedLanguage(Array.isArray(accept) ? accept.join(',') : accept) ?? 'en';
}
