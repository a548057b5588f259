// The storefront's pages rendered on the server (decision 014): the addresses its renderer names (`/`, `/shop`,
// `/products/:productName`, …) answer HTML that holds the page, read through the catalog module, cached and
// compressed like the catalog answers and dropped with them. Anonymous by construction: nothing here reads the
// caller's token or cookies, so a cached page never carries one person's data (the browser fills those parts in).
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brandOf, DEFAULT_ACCENT, scriptJson, shopNameIn, type Brand } from '@shop/core/brand';
import { accentStyle } from '@shop/core/colour';
import { isLang, LANG_COOKIE, type Lang } from '@shop/core/locale';
import { MESSAGES } from '@shop/core/messages';
import type { PageLoader, PageRenderer } from '@shop/core/pages';
import { requestLanguage } from '../../lib/language.ts';
import { analyticsConsented, pixelEntryOf, pixelTag, withPixel } from './meta-pixel.ts';
import { pageOf } from '../../lib/pagination.ts';
import { statusOf } from '../../lib/status.ts';
import { varyBy } from '../../lib/vary.ts';
import { bestsellers } from '../../modules/catalog/bestsellers.ts';
import { listCategories } from '../../modules/catalog/categories.ts';
import { productFacets } from '../../modules/catalog/facets.ts';
import { findProduct, listProducts, relatedProducts } from '../../modules/catalog/products.ts';
import { shippingTable } from '../../modules/delivery/shipping.ts';
import { ShopError } from '../../modules/errors.ts';

/**
 * The renderer the storefront's build made (`dist/.ssr/entry-server.js`), or null when it has none, or one older than
 * this API (a build from before the renderer named its pages): the browser then renders every page itself, and the log
 * says to build again.
 */
export async function loadRenderer(dist: string, log?: Pick<FastifyBaseLogger, 'warn'>): Promise<PageRenderer | null> {
  const entry = path.join(dist, '.ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const { createRenderer } = (await import(pathToFileURL(entry).href)) as { createRenderer: CreateRenderer };
  // read once, like the template and the manifest: a page is rendered again on every catalog change
  const styles = new Map<string, string>();
  const renderer = createRenderer({
    template: readFileSync(path.join(dist, 'index.html'), 'utf8'),
    manifest: existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : null,
    readCss: (file) => {
      let css = styles.get(file);
      if (css === undefined) styles.set(file, (css = readFileSync(path.join(dist, file), 'utf8')));
      return css;
    },
  });
  if (Array.isArray(renderer.paths)) return renderer;
  log?.warn({ dist }, 'the storefront build is older than the API: pages are not rendered on the server until `npm run build` runs again');
  return null;
}

export type CreateRenderer = (options: {
  template: string;
  manifest: Record<string, unknown> | null;
  readCss?: (file: string) => string;
}) => PageRenderer;

/** The reads of a page, straight from the modules (the answers the API would send). */
function loaderFor(app: FastifyInstance): PageLoader {
  return {
    settings: () => app.settings.current(),
    newProducts: async (query) => (await answered(listProducts(app.db, {}, pageOf(query)))).products,
    bestsellers: () => answered(bestsellers(app.db)),
    shopProducts: async ({ page, limit, ...filter }) => {
      const { products, total } = await answered(listProducts(app.db, filter, pageOf({ page, limit })));
      return { items: products, total };
    },
    facets: (query) => answered(productFacets(app.db, query)),
    product: ({ x }) => answered(findProduct(app.db, x)),
    relatedProducts: ({ x }) => answered(relatedProducts(app.db, x)),
    categories: () => answered(listCategories(app.db)),
    shipping: () => answered(shippingTable(app.db)),
  };
}

/** A read the API would refuse fails as its answer would: with the status (`statusCode`, what the renderer reads) and the sentence. */
async function answered<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ShopError) throw Object.assign(new Error(error.message), { statusCode: statusOf(error) });
    throw error;
  }
}

// the query parameters the pages read; anything else neither changes the page nor splits the cache
const PAGE_QUERY = ['gender', 'category', 'search', 'page', 'size', 'color', 'minPrice', 'maxPrice', 'sort'];

/** What makes two requests for one address get different HTML: its language, and Meta's pixel (meta-pixel.ts). */
function variantOf(request: FastifyRequest): string {
  return `lang=${requestLanguage(request)}${analyticsConsented(request) ? '&pixel' : ''}`;
}

export function pageCacheKey(request: FastifyRequest): string {
  // most requests carry no query: their key needs no parsing (an address written two ways is two keys of one page)
  if (!request.url.includes('?')) return `page:${request.url}?#${variantOf(request)}`;
  const url = new URL(request.url, 'http://page');
  const query = PAGE_QUERY.flatMap((name) => url.searchParams.getAll(name).map((value): [string, string] => [name, value]));
  return `page:${url.pathname}?${new URLSearchParams(query).toString()}#${variantOf(request)}`;
}

export interface PageOptions {
  renderer: PageRenderer;
  /** the built storefront's Meta pixel entry (meta-pixel.ts), when there is a build */
  pixelEntry?: string | null;
  /** the SPA's index.html, sent when a page cannot be rendered (the browser then loads it itself) */
  shell: ((reply: FastifyReply) => FastifyReply | Promise<FastifyReply>) | null;
}

/**
 * Whether an address holds a NUL character (only ever sent as `%00`). PostgreSQL cannot hold one, so no product,
 * category or search has it: such an address is no page, and the database is not asked (it refused the read, which
 * was logged as an error, and the shell went out with a 200).
 */
export function holdsNul(url: string): boolean {
  return url.includes('%00') || url.includes('\u0000');
}

/** An address no page has (the router's not-found route draws it): itself one with a NUL. */
const NO_PAGE = '/%00';

/** Meta's pixel tag for this request's page, or '' (meta-pixel.ts); app.ts gives such a page the policy that allows it. */
export async function pixelTagFor(app: FastifyInstance, reply: FastifyReply, entry: string | null | undefined): Promise<string> {
  if (!entry || !analyticsConsented(reply.request)) return '';
  const { metaPixelId } = (await app.settings.current()).marketing;
  return pixelTag(entry, metaPixelId, app.config.meta.pixelScript, true);
}

export async function sendPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, { renderer, shell, pixelEntry }: PageOptions) {
  const url = new URL(holdsNul(request.url) ? NO_PAGE : request.url, app.config.publicUrl);
  try {
    const page = await renderer.render(url, loaderFor(app), { publicUrl: app.config.publicUrl, lang: requestLanguage(request) });
    reply.header('Cache-Control', 'no-cache');
    varyBy(reply, 'Cookie', 'Accept-Language');
    return reply.status(page.status).type('text/html; charset=utf-8').send(withPixel(page.html, await pixelTagFor(app, reply, pixelEntry)));
  } catch (error) {
    // the database is away or a page broke: the shell still lets the browser try, and show its own error
    if (!shell) throw error;
    request.log.error({ err: error, url: request.url }, 'page could not be rendered; sent the shell');
    return shell(reply);
  }
}

export function registerPages(app: FastifyInstance, options: PageOptions) {
  const config = { catalogCache: { key: pageCacheKey } };
  const handler = (request: FastifyRequest, reply: FastifyReply) => sendPage(app, request, reply, options);
  for (const url of options.renderer.paths) {
    app.get(url, { schema: { hide: true }, config }, handler);
  }
  app.get('/lang/:lang', { schema: { hide: true } }, (request, reply) => switchLanguage(app, request, reply));
}

/**
 * Where the language switch sends the shopper back to: `back` read as a browser reads an address on this shop's
 * page, kept only when it stays on the shop, as its path and query percent-encoded (a valid Location, Arabic letters
 * and all); anything else goes home. A browser drops tabs and line breaks and reads `\` as `/`, so `/\t/evil.example`
 * is `//evil.example`, another site: the URL parser does the same, and the origin says where it leads.
 */
export function pathBack(back: unknown, publicUrl: string): string {
  if (typeof back !== 'string' || back === '') return '/';
  let url: URL;
  try {
    url = new URL(back, `${publicUrl}/`);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(publicUrl).origin) return '/';
  // `/.//evil.example` is the path `//evil.example`: as a Location, that names a host
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}`;
}

/**
 * The navbar's language switch is a link here, so it works before the page's script has run, and without one: the
 * choice is kept a year in the `lang` cookie, and the shopper goes back to the page (a path of this shop, never
 * another site) in that language.
 */
function switchLanguage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const { lang } = request.params as { lang: string };
  if (!isLang(lang)) return reply.code(404).send({ message: MESSAGES.notFound });
  const to = pathBack((request.query as { back?: unknown }).back, app.config.publicUrl);
  return reply
    .header('Set-Cookie', `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`)
    .header('Cache-Control', 'no-store')
    .redirect(to, 303);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The SPA's index.html as the pages the browser draws alone (cart, checkout, account, dashboard) get it: under the
 * shop's name, in its accent colour from the first paint, and carrying the brand's settings (`settings-data`, a JSON
 * block the CSP does not run), so the header and footer need no request of their own (decision 029).
 */
export function shellWithBrand(template: string, brand: Brand, lang: Lang): string {
  const style = brand.accentColor === DEFAULT_ACCENT ? '' : `<style id="accent">${accentStyle(brand.accentColor)}</style>\n    `;
  return template
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(shopNameIn(brand, lang))}</title>`)
    .replace('</head>', `  ${style}<script type="application/json" id="settings-data">${scriptJson(brand)}</script>\n  </head>`);
}

/**
 * Sends the shell: index.html read on each request (a rebuild is served without a restart) with the brand written in;
 * when the settings cannot be read (the database is away), the plain file, so the browser can still try.
 */
export function shellSender(app: FastifyInstance, dist: string) {
  const file = path.join(dist, 'index.html');
  const pixelEntry = pixelEntryOf(dist);
  return async (reply: FastifyReply): Promise<FastifyReply> => {
    reply.header('Cache-Control', 'no-cache');
    let brand: Brand;
    try {
      brand = brandOf(await app.settings.current());
    } catch (error) {
      reply.request.log.error({ err: error }, 'settings could not be read; sent the plain shell');
      return reply.sendFile('index.html', dist);
    }
    const template = await readFile(file, 'utf8');
    varyBy(reply, 'Cookie', 'Accept-Language');
    const page = shellWithBrand(template, brand, requestLanguage(reply.request));
    return reply.type('text/html; charset=utf-8').send(withPixel(page, await pixelTagFor(app, reply, pixelEntry)));
  };
}
