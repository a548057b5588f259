// Meta's pixel on the storefront's pages (PRODUCT section 9, decision 062): the built storefront's `meta-pixel` entry
// is added to a page only when the owner set a pixel ID and the browser says its shopper gave her analytics consent
// (the `shop_analytics` cookie, which the storefront sets when she ticks the box and clears when she withdraws it).
// Nothing of Meta's is in any page's first load, and a page without consent asks for nothing of Meta's.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { ANALYTICS_COOKIE } from '@shop/core/constants';

/** The built entry's file (`/assets/meta-pixel-….js`), from the build's manifest; null without a build. */
export function pixelEntryOf(dist: string | undefined): string | null {
  if (!dist) return null;
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  const entry = manifest['src/meta-pixel.ts'];
  return entry ? `/${entry.file}` : null;
}

const consentCookie = new RegExp(`(?:^|;\\s*)${ANALYTICS_COOKIE}=1(?:;|$)`);

/** Whether this browser's shopper gave her analytics consent (as the storefront keeps it, in a cookie). */
export function analyticsConsented(request: Pick<FastifyRequest, 'headers'>): boolean {
  return consentCookie.test(request.headers.cookie ?? '');
}

const attribute = (text: string) => text.replace(/[&"<>]/g, (char) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[char]!);

/** The pixel's script tag for this page, or '' (no build, no pixel ID, or no consent). */
export function pixelTag(entry: string | null, pixelId: string, scriptUrl: string, consented: boolean): string {
  if (!entry || !pixelId || !consented) return '';
  return `<script type="module" src="${attribute(entry)}" data-meta-pixel="${attribute(pixelId)}" data-src="${attribute(scriptUrl)}"></script>`;
}

/** The page with the tag before its `</head>`. */
export function withPixel(html: string, tag: string): string {
  return tag ? html.replace('</head>', `${tag}\n</head>`) : html;
}
