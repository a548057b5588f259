// The storefront rendered on the server (decision 014). The API imports the built file (dist/.ssr/entry-server.js),
// serves the addresses it names (`paths`) and calls render() with a loader that reads its own catalog module; what
// each page reads and its head are said in pages.ts. The browser hydrates the same tree from the answers the page
// carries (main.tsx). Built with `vite build --ssr`; never part of the browser's bundle.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler, createStaticRouter, isRouteErrorResponse, matchRoutes, StaticRouterProvider, type RouteObject,
} from 'react-router';
import type { PageLoader, PageRenderer, RenderedPage } from '@shop/core/pages';
import { clearQueries, primeQueries } from '../../lib/query.ts';
import type { PageData } from '../page-data.ts';
import { routes } from '../router.tsx';
import { accentTag, pageHead } from './page-head.ts';
import { notFoundHead, SERVER_PAGES } from './pages.ts';
import type { LoadedPage, RenderedRoute } from './server-page.ts';
import { dirOf, type Lang } from '@shop/core/locale';
import { brandOf, scriptJson } from '@shop/core/brand';
import { CATALOG as ARABIC } from '../../lib/i18n/ar.ts';
import { setRenderLanguage } from '../../lib/i18n.ts';
import { BRAND_KEY } from '../../lib/settings.ts';

/** the Arabic catalog's source, as the build manifest names its chunk */
const ARABIC_MODULE = 'src/lib/i18n/ar.ts';

/** Vite's build manifest: source file → its chunk, the chunks it imports and its CSS. */
export type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

export interface RendererOptions {
  /** the built index.html: its entry script, stylesheet and preloads stay as Vite wrote them */
  template: string;
  /** null when there is none (tests render from the sources): lazy pages then name no chunk */
  manifest: Manifest | null;
  /**
   * The text of a built stylesheet (`assets/….css`), to write it into the page instead of linking it: on a phone's
   * slow connection a linked stylesheet holds the first paint for one more round trip. Without it (tests render
   * from the sources) the stylesheets stay links.
   */
  readCss?: (file: string) => string;
}

const handler = createStaticHandler(routes);
const VIEWPORT = /<meta name="viewport"[^>]*>/;

/** The server page of a route, by its id; none for the routes the browser draws alone. */
function serverPageOf(route: RouteObject | undefined): RenderedRoute | undefined {
  const id = route?.id;
  return id !== undefined && Object.hasOwn(SERVER_PAGES, id) ? SERVER_PAGES[id as keyof typeof SERVER_PAGES] : undefined;
}

function kind(pathname: string): 'server' | 'client' | 'unknown' {
  const route = matchRoutes(routes, pathname)?.at(-1)?.route;
  if (!route || route.id === 'not-found') return 'unknown';
  return serverPageOf(route) ? 'server' : 'client';
}

/**
 * The address of each server page's route, as its pattern (`/products/:productName`), found in the route table.
 * Fastify writes a parameter as React Router does.
 */
function serverPaths(): string[] {
  const found = new Map<string, string>();
  const walk = (children: RouteObject[], parent: string) => {
    for (const route of children) {
      const path = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
      if (route.id !== undefined && serverPageOf(route)) found.set(route.id, path || '/');
      if (route.children) walk(route.children, path);
    }
  };
  walk(routes, '');
  const unrouted = Object.keys(SERVER_PAGES).filter((id) => !found.has(id));
  if (unrouted.length > 0) throw new Error(`app/server/pages.ts names pages no route of app/router.tsx has: ${unrouted.join(', ')}`);
  return [...found.values()];
}

/** What an address no page has renders from: the router's 404, with no data. */
const notFound = (): LoadedPage => ({ status: 404, queries: [], head: notFoundHead });

/** The stylesheets of a lazy page's chunk and of everything it imports. */
function stylesheetsOf(manifest: Manifest | null, module: string | undefined, loaded: (file: string) => boolean): string[] {
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest?.[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (module) visit(module);
  return [...css].filter((file) => !loaded(file));
}

/**
 * A server-rendered page names no module to preload (decision 022): the entry's script finds its imports, and the
 * router the page's chunk, once the page has painted. Preloaded, the ~65 kB of JavaScript shared a phone's slow link
 * with the largest picture before the first paint.
 */
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;

/** React Router's errors as its hydration reads them back (a thrown Response becomes a RouteErrorResponse). */
function serializeErrors(errors: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!errors) return null;
  return Object.fromEntries(Object.entries(errors).map(([id, error]) => [
    id,
    isRouteErrorResponse(error)
      ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data, internal: false }
      : { __type: 'Error', message: error instanceof Error ? error.message : String(error) },
  ]));
}

/**
 * The page's stylesheets written into it, in the order the links had (so the cascade is the one the links gave):
 * one `<style>` per file, named by `data-href` for whoever reads the page. The CSP allows inline styles; `url()`s in
 * Vite's CSS are absolute (`/assets/…`), so they resolve the same from the page.
 */
function inlineStyles(files: string[], readCss: (file: string) => string): string[] {
  return files.map((file) => {
    const css = readCss(file);
    if (/<\/style/i.test(css)) throw new Error(`${file} holds "</style" and cannot be written into a page`);
    return `<style data-href="/${file}">${css.trim()}</style>`;
  });
}

const STYLESHEET_HREF = /href="\/([^"]+\.css)"/;

export function createRenderer({ template, manifest, readCss }: RendererOptions): PageRenderer {
  const paths = serverPaths();
  // a misspelt module would leave its page unstyled until the page's script has run
  const unbuilt = Object.values(SERVER_PAGES).flatMap((page) => (manifest && page.module && !manifest[page.module] ? [page.module] : []));
  if (unbuilt.length > 0) throw new Error(`app/server/pages.ts names modules the build does not have: ${unbuilt.join(', ')}`);
  const [templateStart, templateEnd] = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .split(/<!--app-->[\s\S]*<!--\/app-->/);
  if (templateStart === undefined || templateEnd === undefined) throw new Error('index.html has no <!--app--> … <!--/app--> for the rendered page');
  // the template's own stylesheets move up with the page's
  const stylesheets = [...templateStart.matchAll(/\s*<link rel="stylesheet"[^>]*>/g)].map((match) => match[0].trim());
  const beforeRoot: string = stylesheets.reduce((html, link) => html.replace(link, ''), templateStart).replace(MODULE_PRELOAD, '').replace(/\n\s*\n/g, '\n');
  if (!VIEWPORT.test(beforeRoot)) throw new Error('index.html has no <meta name="viewport"> to put the page\'s head after');
  const afterRoot: string = templateEnd;
  const templateCss = stylesheets.map((link) => STYLESHEET_HREF.exec(link)?.[1]).filter((file): file is string => Boolean(file));

  async function render(url: URL, load: PageLoader, { publicUrl, lang = 'en' }: { publicUrl: string; lang?: Lang }): Promise<RenderedPage> {
    const match = matchRoutes(routes, url.pathname)?.at(-1);
    const page = serverPageOf(match?.route);
    const loaded = match && page ? await page.load({ url, params: match.params, load }) : notFound();
    // every page shows the brand (header, footer, title): it travels with the page, the pages' texts only with theirs
    const queries = [{ key: BRAND_KEY, data: brandOf(await load.settings()) }, ...loaded.queries];

    const context = await handler.query(new Request(url.href));
    if (context instanceof Response) throw new Error(`no page renders a redirect (${url.pathname})`);
    const data: PageData = {
      queries,
      router: { loaderData: context.loaderData, actionData: null, errors: serializeErrors(context.errors) },
    };

    let body: string;
    let pageTags: string;
    let accent: string;
    try {
      // the query cache and the language are module state: set, read and reset in one synchronous render
      primeQueries(queries);
      setRenderLanguage(lang, lang === 'ar' ? ARABIC : null);
      const router = createStaticRouter(handler.dataRoutes, context);
      body = renderToString(<StrictMode><StaticRouterProvider router={router} context={context} hydrate={false} /></StrictMode>);
      // the head in the page's language, with the texts and titles its components use
      pageTags = pageHead(loaded.head(publicUrl), { publicUrl, url });
      accent = accentTag();
    } finally {
      clearQueries();
      setRenderLanguage('en', null);
    }

    // what the template already loads (the entry and its CSS) is not named twice: a stylesheet named again would
    // come after the page's own and win over it
    const inTemplate = (file: string) => template.includes(`/${file}"`);
    // an Arabic page's stylesheets include its font's
    const css = [...stylesheetsOf(manifest, page?.module, inTemplate), ...(lang === 'ar' ? stylesheetsOf(manifest, ARABIC_MODULE, inTemplate) : [])];
    const head = [
      pageTags,
      ...(readCss ? inlineStyles([...templateCss, ...css], readCss) : [...stylesheets, ...css.map((file) => `<link rel="stylesheet" href="/${file}">`)]),
      ...(accent ? [accent] : []),
    ].join('\n    ');
    // first in <head>, before the entry's script: on HTTP/1.1's six connections per host the stylesheets that block
    // the first paint and the largest picture must not queue behind the JavaScript
    const html = beforeRoot.replace(/<html lang="en">/, `<html lang="${lang}" dir="${dirOf(lang)}">`).replace(VIEWPORT, (viewport) => `${viewport}\n    ${head}`)
      + body
      + afterRoot.replace('</div>', `</div>\n    <script type="application/json" id="page-data">${scriptJson(data)}</script>`);
    return { status: Math.max(loaded.status, context.statusCode === 200 ? 200 : context.statusCode), html };
  }

  return { paths, kind, render };
}
