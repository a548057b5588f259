import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildAppWith, createProduct, getApp, unique } from './helpers.ts';

const apps: App[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

describe('robots.txt and the sitemap', () => {
  it('lets search engines in, keeps them out of private pages, and names the sitemap', async () => {
    const app = await getApp();
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Disallow: /account/');
    expect(response.body).toContain(`Sitemap: ${app.config.publicUrl}/sitemap.xml`);
  });

  it('lists every product page, its name escaped for the URL and for XML', async () => {
    const app = await getApp();
    const product = await createProduct({ name: unique('Shirt & Tie <Navy>') });
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toContain(`<loc>${app.config.publicUrl}/products/${encodeURIComponent(product.name)}</loc>`);
    expect(response.body).toContain(`<loc>${app.config.publicUrl}/shop?gender=women</loc>`);
    expect(response.body).not.toContain('<Navy>');
    // the shop's own pages (settings), beside About
    for (const page of ['/about', '/pages/delivery', '/pages/returns', '/pages/privacy']) expect(response.body).toContain(`<loc>${app.config.publicUrl}${page}</loc>`);
  });

  it('use PUBLIC_URL, never a forged Host or X-Forwarded-Host header', async () => {
    const app = await buildAppWith({ PUBLIC_URL: 'https://shop.example/', TRUST_PROXY: '1' });
    apps.push(app);
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: forged });
    expect(robots.body).toContain('Sitemap: https://shop.example/sitemap.xml');
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: forged });
    expect(sitemap.body).toContain('<loc>https://shop.example/shop?gender=women</loc>');
    for (const body of [robots.body, sitemap.body]) expect(body).not.toContain('evil.example');
  });
});
