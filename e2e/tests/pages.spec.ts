// Pages that arrive whole (issue 17): the home, shop, search, product and about pages are rendered by the server,
// readable with JavaScript off, and taken over by the browser without fetching again what the HTML carried and
// without changing what the server drew.
import { discountedPrice, formatEgp } from '@shop/core/money';
import type { Page } from '@playwright/test';
import { addToCart, call, registerCustomer, useSession } from './api.ts';
import { PRODUCTS, WOMEN_CATEGORY } from './catalog.ts';
import { expect, productPath, test } from './fixtures.ts';

const satin = PRODUCTS[1]!;

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a product page shows its name, price and picture', async ({ page }) => {
    const response = await page.goto(productPath(satin.name));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(satin.name);
    await expect(page.locator('.product__info .price__now')).toHaveText(`Sale price ${formatEgp(discountedPrice(satin.price, satin.disCountPrecent))}`);
    const picture = page.locator('.product__media img').first();
    await expect(picture).toHaveAttribute('alt', new RegExp(satin.name));
    await expect(picture).toHaveAttribute('srcset', /-400\.webp 400w, .*-800\.webp 800w, .*-1200\.webp 1200w/);
    // loaded, not only named
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  });

  test('the home page shows the new products, and a shopper can browse from it', async ({ page, request }) => {
    await page.goto('/');
    const rail = page.getByRole('region', { name: 'New products' });
    await expect(rail.getByRole('link').first()).toBeVisible();
    // each card's picture carries the product's whole name (the card's heading may shorten it)
    const shown = await rail.locator('.product-card__media img').evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''));
    // the newest products, as the API lists them just after: journeys beside this one add products all the time, so
    // the rail is compared with a window wide enough to hold what they added meanwhile
    const newest = (await call(request, 'listProducts', { query: { page: 1, limit: 40 } })).map((product) => product.name);
    expect(shown.length).toBeGreaterThanOrEqual(3);
    for (const name of shown.slice(0, 3)) expect(newest).toContain(name);

    // plain links: the women's shop, one of its categories, a product
    await page.getByRole('link', { name: 'Shop now: Women collection' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Women');
    await page.getByRole('list', { name: 'Women categories' }).getByRole('link', { name: WOMEN_CATEGORY }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Women > ${WOMEN_CATEGORY}`);
    await page.getByRole('link', { name: satin.name }).click();
    await expect(page).toHaveURL(productPath(satin.name));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(satin.name);
  });

  test('an unknown product and an unknown address answer 404 with the error screens', async ({ page }) => {
    const product = await page.goto('/products/No%20Such%20Dress');
    expect(product?.status()).toBe(404);
    await expect(page.getByText('Product not found')).toBeVisible();
    const address = await page.goto('/no/such/page');
    expect(address?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
  });
});

/**
 * The page's root as the server sent it and as it is once the browser has taken over: its elements and text (the
 * attributes that effects set after the first render, like a rail's arrows, may change, and should).
 */
async function rootBeforeAndAfter(page: Page, path: string) {
  const served = await (await page.request.get(path)).text();
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const [before, after] = await page.evaluate((html) => {
    const outline = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (node.nodeType !== Node.ELEMENT_NODE) return '';
      const element = node as Element;
      // what comes after the first render on purpose: the toasts' container
      if (element.classList.contains('Toastify')) return '';
      const tag = element.tagName.toLowerCase();
      return `<${tag}>${Array.from(element.childNodes, outline).join('')}</${tag}>`;
    };
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    // text as it reads: how it is split into nodes and how wide its spaces are does not matter
    const flat = (root: Element) => outline(root).replace(/\s+/g, ' ').replace(/> </g, '><');
    return [flat(parsed.getElementById('root')!), flat(document.getElementById('root')!)];
  }, served);
  const calls = [...apiCalls];
  // and it is live: the search button opens its panel
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('search')).toBeVisible();
  return { before, after, apiCalls: calls };
}

test.describe('with JavaScript on', () => {
  for (const [name, path] of [
    ['home', '/'],
    ['product', productPath(satin.name)],
    ['women’s shop', `/shop?gender=women&category=${encodeURIComponent(WOMEN_CATEGORY)}`],
    ['search', '/shop/search?search=dress'],
    ['about', '/about'],
    ['returns', '/pages/returns'],
    ['delivery', '/pages/delivery'],
    ['privacy', '/pages/privacy'],
  ] as const) {
    test(`the ${name} page is taken over as the server drew it, without fetching its data again`, async ({ page }) => {
      const { before, after, apiCalls } = await rootBeforeAndAfter(page, path);
      expect(after).toBe(before);
      expect(apiCalls).toEqual([]);
    });
  }

  test('a product page works as before once taken over', async ({ page }) => {
    await page.goto(productPath(satin.name));
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await expect(quantity).toHaveValue('1');
    // a press before the page's script has taken the button over does nothing (the server's HTML is static): pressed
    // again until it counts, and then it counts exactly one
    await expect(async () => {
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await expect(quantity).toHaveValue('2', { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    // a link is followed in the page, by the router
    await page.getByRole('list', { name: 'Breadcrumb' }).getByRole('link', { name: 'Shop' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop');
  });

  test('a product page names its canonical address, share picture and offer', async ({ page, baseURL, request }) => {
    const { name: shop } = await call(request, 'getSettings');
    await page.goto(productPath(satin.name));
    await expect(page).toHaveTitle(`${satin.name} · ${shop}`);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(new RegExp(`^https?://[^/]+${productPath(satin.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^https?:\/\/[^/]+\/images\/.+-1200\.webp$/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: satin.name,
      offers: { price: discountedPrice(satin.price, satin.disCountPrecent).toFixed(2), priceCurrency: 'EGP', availability: 'https://schema.org/InStock' },
    });
    expect(baseURL).toBeTruthy();
  });
});

test('a logged-in shopper’s own parts fill in once the page is taken over, and the page itself carries none of them', async ({ page, context, request, baseURL }) => {
  const customer = await registerCustomer(request);
  await addToCart(request, customer, await call(request, 'getProduct', { params: { x: satin.name } }), 1);
  await useSession(context, baseURL!, customer);
  await context.addInitScript(() => localStorage.setItem('shop:grid-columns', '4'));
  const path = '/shop?gender=women';
  // what the server sends with this shopper's cookie is the page everyone gets
  const served = await (await page.request.get(path)).text();
  expect(served).not.toContain(customer.username);
  expect(served).toContain('>Login<');

  await page.goto(path);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'My Account', exact: true })).toBeVisible();
  await expect(banner.getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
  await expect(banner.getByRole('button', { name: /log ?in/i })).toHaveCount(0);
  // the grid this shopper chose, not the server's default (its toggle is hidden on a phone, and still set)
  await expect(page.locator('button[aria-label="4 per row"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('ul.product-grid')).toHaveAttribute('style', /--cols: ?4/);
});
