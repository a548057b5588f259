// Storefront weight: the gzip (and brotli) size of the JavaScript and CSS each page loads before it can show
// anything, read from the production build in apps/web/dist.
//
// The home page loads what index.html names (entry script, modulepreloads, stylesheets). /shop and /products/x also
// load their lazy route chunk with everything it imports statically and its CSS. Those come from Vite's build
// manifest (dist/.vite/manifest.json, written by `vite build --manifest`, which run.mjs asks for); without one the
// route chunk is found by its file name and its static imports are followed in the built files.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { at, kB } from './lib/common.mjs';

export const ORIGINAL = { jsGzipKB: 174.6, cssGzipKB: 67.2 };

const ROUTES = [
  { page: 'home (/)', module: null },
  { page: 'shop (/shop)', module: 'src/features/catalog/components/shop-page.tsx' },
  { page: 'product (/products/x)', module: 'src/features/catalog/components/product-page.tsx' },
  // an Arabic visit adds the Arabic catalog's chunk and its stylesheet (the font's @font-face) to the home page's
  { page: 'home in Arabic (/, lang=ar)', module: 'src/lib/i18n/ar.ts' },
];

function sizes(dist, file) {
  const bytes = readFileSync(path.join(dist, file));
  return {
    raw: bytes.length,
    gzip: zlib.gzipSync(bytes, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function fromIndexHtml(dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const attr = (pattern) => [...html.matchAll(pattern)].map((m) => m[1].replace(/^\//, ''));
  return {
    js: [...attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g), ...attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)],
    css: attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
  };
}

/** A chunk and everything it imports statically, with their CSS, from the manifest. */
function closureFromManifest(manifest, key, seen = new Set(), out = { js: new Set(), css: new Set() }) {
  if (seen.has(key)) return out;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  out.js.add(chunk.file);
  for (const css of chunk.css ?? []) out.css.add(css);
  for (const imported of chunk.imports ?? []) closureFromManifest(manifest, imported, seen, out);
  return out;
}

/** Without a manifest: the chunk named after the route's file, and its static imports found in the built code. */
function closureFromFiles(dist, moduleName) {
  const assets = readdirSync(path.join(dist, 'assets'));
  const base = path.basename(moduleName).replace(/\.tsx?$/, '');
  const entry = assets.find((file) => file.startsWith(`${base}-`) && file.endsWith('.js'));
  if (!entry) throw new Error(`no chunk for ${moduleName} in ${dist}/assets`);
  const out = { js: new Set(), css: new Set() };
  const visit = (file) => {
    if (out.js.has(file)) return;
    out.js.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const match of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) visit(`assets/${match[1]}`);
    const stem = path.basename(file).replace(/-[\w-]{8}\.js$/, '');
    for (const css of assets.filter((a) => a.endsWith('.css') && a.replace(/-[\w-]{8}\.css$/, '') === stem)) out.css.add(`assets/${css}`);
  };
  visit(`assets/${entry}`);
  return out;
}

export function measureWeight(dist = at('apps/web/dist')) {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`no production build in ${dist}: run npm run build`);
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : null;
  const first = fromIndexHtml(dist);
  const pages = ROUTES.map(({ page, module }) => {
    const js = new Set(first.js);
    const css = new Set(first.css);
    if (module) {
      const route = manifest ? closureFromManifest(manifest, module) : closureFromFiles(dist, module);
      route.js.forEach((file) => js.add(file));
      route.css.forEach((file) => css.add(file));
    }
    const total = (files) => [...files].map((file) => sizes(dist, file)).reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
    const jsTotal = total(js);
    const cssTotal = total(css);
    return {
      page,
      jsFiles: js.size,
      cssFiles: css.size,
      jsRawKB: kB(jsTotal.raw),
      jsGzipKB: kB(jsTotal.gzip),
      // the byte, for e2e/tests/first-load.spec.ts's budget
      jsGzipBytes: jsTotal.gzip,
      jsBrotliKB: kB(jsTotal.brotli),
      cssGzipKB: kB(cssTotal.gzip),
      cssBrotliKB: kB(cssTotal.brotli),
      jsVsOriginal: `${Math.round((kB(jsTotal.gzip) / ORIGINAL.jsGzipKB) * 100)}%`,
      cssVsOriginal: `${Math.round((kB(cssTotal.gzip) / ORIGINAL.cssGzipKB) * 100)}%`,
      files: [...js, ...css],
    };
  });
  // The biggest files the home page loads, for the findings.
  const largest = first.js
    .concat(first.css)
    .map((file) => ({ file, ...sizes(dist, file) }))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 6)
    .map(({ file, raw, gzip }) => ({ file, rawKB: kB(raw), gzipKB: kB(gzip) }));
  const precompressed = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.br') || file.endsWith('.gz')).length;
  return { source: manifest ? 'vite manifest' : 'index.html + static imports of the built files', pages, largestOnHome: largest, precompressedFiles: precompressed };
}

export const weightColumns = [
  { key: 'page', title: 'page', align: 'left' },
  { key: 'jsFiles', title: 'JS files' },
  { key: 'jsRawKB', title: 'JS raw kB' },
  { key: 'jsGzipKB', title: 'JS gzip kB' },
  { key: 'jsBrotliKB', title: 'JS br kB' },
  { key: 'jsVsOriginal', title: 'JS vs original' },
  { key: 'cssFiles', title: 'CSS files' },
  { key: 'cssGzipKB', title: 'CSS gzip kB' },
  { key: 'cssVsOriginal', title: 'CSS vs original' },
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = measureWeight();
  console.log(JSON.stringify(result, null, 2));
}
