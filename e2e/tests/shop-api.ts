// What the accessibility journeys need, built through the API as e2e's own admin (ADMIN_EMAIL, see catalog.ts), so
// they do not lean on the demo's accounts and products.
import { SESSION_COOKIE } from '@shop/core/constants';
import type { AnswerOf } from '@shop/core/endpoints';
import { cartItemLine, priceCart, toEgp } from '@shop/core/money';
import type { Product } from '@shop/core/schemas';
import type { APIRequestContext, BrowserContext, TestInfo } from '@playwright/test';
import { ADMIN } from './catalog.ts';
import { expect } from './fixtures.ts';

export type Account = AnswerOf<'login'> & { password: string };
export type { Product };

export function runTag(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function logInThroughApi(request: APIRequestContext, email: string, password: string): Promise<Account> {
  const answer = await request.post('/api/auth/login', { data: { email, password } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const body = (await answer.json()) as Omit<Account, 'password'>;
  return { ...body, id: body.id ?? body._id, _id: body._id ?? body.id, email, password };
}

export function adminAccount(request: APIRequestContext): Promise<Account> {
  return logInThroughApi(request, ADMIN.email, ADMIN.password);
}

export async function newCustomer(request: APIRequestContext, tag: string): Promise<Account> {
  const account = { username: `a11y-${tag}`, email: `a11y-${tag}@shop.test`, password: 'A11y-pass-123' };
  const registered = await request.post('/api/auth/register', { data: account });
  expect(registered.ok(), await registered.text()).toBe(true);
  return logInThroughApi(request, account.email, account.password);
}

function auth(account: Account) {
  return { authorization: `Bearer ${account.token}` };
}

/** A category of the women's collection with two products in it, one discounted, named after the run. */
export async function newCatalog(request: APIRequestContext, admin: Account, tag: string) {
  const category = `Linen ${tag}`;
  const created = await request.post('/api/categories/add-category', { headers: auth(admin), data: { title: category, gender: 'women' } });
  expect(created.status(), await created.text()).toBe(201);
  // a picture the server already serves (the browser has no network)
  const existing = (await (await request.get('/api/products?limit=1')).json())[0].images[0] as string;
  const products: Product[] = [];
  for (const [name, price, discount] of [[`Linen shirt ${tag}`, 450, 20], [`Linen trousers ${tag}`, 600, 0]] as const) {
    const answer = await request.post('/api/products/add-product', {
      headers: auth(admin),
      data: {
        name, description: `A light ${name.toLowerCase()} for hot days.`, nameAr: `قطعة كتان ${tag}`, descriptionAr: 'قطعة خفيفة من الكتان للأيام الحارة.',
        price, disCountPrecent: discount, gender: 'women', category, imageUrls: [existing],
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    products.push((await (await request.get(`/api/products/${encodeURIComponent(name)}`)).json()) as Product);
  }
  return { category, products };
}

export async function addToCart(request: APIRequestContext, customer: Account, product: Product, quantaty: number) {
  const answer = await request.post('/api/cart/add-cart', { headers: auth(customer), data: { product: product._id, quantaty } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

export async function toggleWishlist(request: APIRequestContext, customer: Account, product: Product) {
  const answer = await request.put('/api/users/wishlist', { headers: auth(customer), data: { productId: product._id } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** A cash order for what is in the customer's cart, billed to Mona in Dokki unless `billing` says otherwise; returns its id. */
export async function placeCashOrder(
  request: APIRequestContext,
  customer: Account,
  lines: { product: Product; quantity: number }[],
  billing: { firstName?: string; secondName?: string; city?: string; address?: string } = {},
) {
  const total = priceCart(lines.map(({ product, quantity }) => ({ product, quantaty: quantity })), cartItemLine).totalPiastres;
  const answer = await request.post('/api/orders/new-order', {
    headers: { ...auth(customer), 'Idempotency-Key': `a11y-${customer.id}-${Date.now()}` },
    data: {
      firstName: 'Mona', secondName: 'Adel', email: customer.email, phoneNumber: '01001234567', Governorate: 'Giza', city: 'Dokki',
      address: '12 Tahrir Street', ...billing, wayForPayment: 'cash', totalPrice: Number(toEgp(total).toFixed(2)),
      productId: lines.map(({ product }) => product._id), quantaties: lines.map(({ quantity }) => quantity),
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { _id: string })._id;
}

/** The e2e admin, a catalog of this run's own, and a new customer's cash order of its first product (billed as `billing` says). */
export async function catalogWithOrder(request: APIRequestContext, tag: string, billing?: Parameters<typeof placeCashOrder>[3]) {
  const admin = await adminAccount(request);
  const { category, products } = await newCatalog(request, admin, tag);
  const customer = await newCustomer(request, tag);
  await addToCart(request, customer, products[0]!, 1);
  const orderId = await placeCashOrder(request, customer, [{ product: products[0]!, quantity: 1 }], billing);
  return { admin, category, products, customer, orderId };
}

/** Logs the browser in the way the shop does: the session cookie. */
export async function useSession(context: BrowserContext, baseURL: string, account: Account) {
  const value = { _id: account._id, id: account.id, username: account.username, email: account.email, isAdmin: account.isAdmin, token: account.token };
  await context.addCookies([{ name: SESSION_COOKIE, value: encodeURIComponent(JSON.stringify(value)), url: baseURL }]);
}
