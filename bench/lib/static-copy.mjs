// The yardstick for pages: a bare node:http server answering a static copy of the shop's rendered HTML (captured
// once per page), the storefront's built files and the shop's images, with nothing else: no routing beyond a map,
// no database, no rendering. Brotli when the browser takes it, as the shop does (the HTML compressed once here, the
// files from their pre-compressed .br copies). Started with startStaticCopy() as its own process; reports its port.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { forkServer } from './load.mjs';

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Captures `paths` from the running shop and serves them, with `webDist` and `imagesDir`, from a child process. */
export async function startStaticCopy(shopUrl, paths, { webDist, imagesDir }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-copy-'));
  const pages = {};
  for (const [index, pagePath] of paths.entries()) {
    const response = await fetch(shopUrl + pagePath);
    if (response.status !== 200) throw new Error(`GET ${pagePath} answered ${response.status}`);
    const file = path.join(dir, `page-${index}.html`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    pages[pagePath] = file;
  }
  const config = path.join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ pages, webDist, imagesDir }));
  return forkServer(fileURLToPath(import.meta.url), [config], dir);
}

function serve(configFile) {
  const { pages, webDist, imagesDir } = JSON.parse(readFileSync(configFile, 'utf8'));
  const html = new Map(Object.entries(pages).map(([pagePath, file]) => {
    const body = readFileSync(file);
    return [pagePath, { body, br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }) }];
  }));
  const fileOf = (pathname) => {
    if (pathname.split('/').some((part) => part.startsWith('.'))) return null;
    const file = pathname.startsWith('/images/') ? path.join(imagesDir, pathname.slice('/images/'.length)) : path.join(webDist, pathname);
    return existsSync(file) && statSync(file).isFile() ? file : null;
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://copy');
    const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const page = html.get(url.pathname + url.search);
    if (page) {
      const body = brotli ? page.br : page.body;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length, 'cache-control': 'no-cache', vary: 'Accept-Encoding', ...(brotli ? { 'content-encoding': 'br' } : {}) });
      response.end(body);
      return;
    }
    const file = fileOf(url.pathname);
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
      return;
    }
    const compressed = brotli && existsSync(`${file}.br`) ? `${file}.br` : null;
    const body = readFileSync(compressed ?? file);
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': 'public, max-age=31536000, immutable',
      ...(compressed ? { 'content-encoding': 'br' } : {}),
    });
    response.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve(process.argv[2]);
