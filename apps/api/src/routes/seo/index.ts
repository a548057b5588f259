// robots.txt and the sitemap of the storefront's pages and products, for search engines.
import type { FastifyPluginAsync } from 'fastify';
import { SHOP_PAGES } from '@shop/core/brand';
import { sitemapEntries } from '../../modules/catalog/sitemap.ts';

const SITEMAP_LIMIT = 50_000; // the most URLs one sitemap file may list

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

const seoRoutes: FastifyPluginAsync = async (app) => {
  // PUBLIC_URL, never the Host header: these answers are cached for an hour, by us and by anyone in between
  const origin = app.config.publicUrl;
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /account/',
      'Disallow: /dashboard/',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /api/',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const base = origin;
    const { products: rows, categories: categoryRows } = await sitemapEntries(app.db, SITEMAP_LIMIT);
    const pages = [
      ...['/', '/shop', '/shop?gender=women', '/shop?gender=men', '/about', ...SHOP_PAGES.map((page) => `/pages/${page}`)].map((path) => ({ path, lastmod: undefined })),
      ...categoryRows.map((row) => ({ path: `/shop?gender=${row.gender}&category=${encodeURIComponent(row.title)}`, lastmod: undefined })),
      ...rows.map((row) => ({ path: `/products/${encodeURIComponent(row.name)}`, lastmod: row.updatedAt.toISOString().slice(0, 10) })),
    ];
    const urls = pages
      .map(({ path, lastmod }) => `<url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`)
      .join('\n');
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  });
};

export default seoRoutes;
