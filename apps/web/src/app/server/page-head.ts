// The <head> of a server-rendered page: title, description, canonical link and Open Graph on PUBLIC_URL, the
// product's JSON-LD, and a preload of the picture that is the page's largest paint. Each page says what its head
// holds (app/server/pages.ts); this writes it as tags. Written in the page's language (entry-server.tsx makes the
// head while the render's language is set): the texts come from the same catalogs and the titles from the same
// functions as the page's own, so the title the browser sets once it has taken the page over is the one written
// here (lib/document-title.ts), in English and in Arabic.
import { DEFAULT_ACCENT } from '@shop/core/brand';
import { accentStyle } from '@shop/core/colour';
import { getLang } from '../../lib/i18n.ts';
import { imageSources } from '../../lib/image-sources.ts';
import { brandNow, shopName } from '../../lib/settings.ts';

/** What a page's head says, in the render's language. */
export interface PageHead {
  title: string;
  description: string;
  /** a path on PUBLIC_URL; none for pages that are not to be indexed */
  canonical?: string;
  noindex?: boolean;
  type?: 'website' | 'product';
  image?: string;
  imageAlt?: string;
  /** the page's largest picture, with the `sizes` its component gives it */
  preload?: { url: string; sizes: string };
  jsonLd?: unknown;
}

/** Open Graph's name of each language: the page's own, and the other one as its alternate. */
const OG_LOCALE = { en: 'en_US', ar: 'ar_EG' } as const;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** A path on PUBLIC_URL made absolute; an absolute URL stays as it is. */
export function absoluteUrl(path: string, publicUrl: string): string {
  return /^https?:\/\//i.test(path) ? path : `${publicUrl}${path}`;
}

/**
 * The shop's accent colour (settings) over the stylesheets' own, written after them so it wins from the first paint;
 * nothing for the storefront's default.
 */
export function accentTag(): string {
  const { accentColor } = brandNow();
  return accentColor === DEFAULT_ACCENT ? '' : `<style id="accent">${accentStyle(accentColor)}</style>`;
}

/** The tags, one per line, for the template's <head>, in the language the render has set (the brand's settings primed). */
export function pageHead(head: PageHead, { publicUrl, url }: { publicUrl: string; url: URL }): string {
  const lang = getLang();
  // a page without a picture of its own shows the shop's logo where it is shared
  const image = head.image ?? brandNow().logoUrl ?? undefined;
  const imageAlt = head.image ? head.imageAlt : shopName();
  const absolute = (path: string) => absoluteUrl(path, publicUrl);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex">');
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(absolute(head.canonical))}">`);
  tags.push(
    `<meta property="og:site_name" content="${escapeHtml(shopName())}">`,
    `<meta property="og:type" content="${head.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(absolute(head.canonical ?? `${url.pathname}${url.search}`))}">`,
    `<meta property="og:locale" content="${OG_LOCALE[lang]}">`,
    `<meta property="og:locale:alternate" content="${OG_LOCALE[lang === 'ar' ? 'en' : 'ar']}">`,
  );
  if (image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(absolute(image))}">`);
    if (imageAlt) tags.push(`<meta property="og:image:alt" content="${escapeHtml(imageAlt)}">`);
    tags.push(`<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`);
  }
  if (head.preload) {
    const { src, srcSet } = imageSources(head.preload.url);
    tags.push(
      srcSet
        ? `<link rel="preload" as="image" href="${escapeHtml(src)}" imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(head.preload.sizes)}" fetchpriority="high">`
        : `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high">`,
    );
  }
  if (head.jsonLd) {
    tags.push(`<script type="application/ld+json">${JSON.stringify(head.jsonLd).replace(/</g, '\\u003c')}</script>`);
  }
  return tags.join('\n    ');
}
