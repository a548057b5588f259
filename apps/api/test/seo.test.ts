import { describe, expect, it } from 'vitest';
import { createProduct, getApp, unique } from './helpers.ts';

describe('robots.txt and the sitemap', () => {
  it('lets search engines in, keeps them out of private pages, and names the sitemap', async () => {
    const app = await getApp();
    const response = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'shop.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Disallow: /account/');
    expect(response.body).toContain('Sitemap: http://shop.example/sitemap.xml');
  });

  it('lists every product page, its name escaped for the URL and for XML', async () => {
    const app = await getApp();
    const product = await createProduct({ name: unique('Shirt & Tie <Navy>') });
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'shop.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toContain(`<loc>http://shop.example/products/${encodeURIComponent(product.name)}</loc>`);
    expect(response.body).toContain('<loc>http://shop.example/shop?gender=women</loc>');
    expect(response.body).not.toContain('<Navy>');
  });
});
