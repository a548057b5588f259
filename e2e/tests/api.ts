// The journeys' one client of the API: every call by its name in the shared contract (packages/shop-core/src/
// endpoints.ts), its inputs typed by the contract's schemas and its answer read through them, so no path or shape is
// written here again. Below it, the accounts and the shop data the journeys make through it, each helper once.
import { expect, type APIRequestContext, type BrowserContext, type TestInfo } from '@playwright/test';
import { SESSION_COOKIE, type Role } from '@shop/core/constants';
import { endpoints, type AnswerOf, type BodyOf, type CountedEndpointName, type EndpointName, type InputOf } from '@shop/core/endpoints';
import { account, type AccountFields, type BillingFields } from '@shop/core/factories';
import { cartItemLine, priceCart, toEgp } from '@shop/core/money';
import { pathOf } from '@shop/core/routes';
import type { Product } from '@shop/core/contract/catalog';
import type { LoginAnswer } from '@shop/core/contract/accounts';
import { ADMIN, IMAGE } from './catalog.ts';

export interface CallInput<N extends EndpointName> {
  params?: InputOf<N, 'params'>;
  query?: InputOf<N, 'query'>;
  body?: InputOf<N, 'body'>;
  token?: string;
  /** more headers (a `lang` cookie: the language a placed order's mail is written in) */
  headers?: Record<string, string>;
}

function send<N extends EndpointName>(request: APIRequestContext, name: N, input: CallInput<N>) {
  const endpoint = endpoints[name];
  // the contract's params and queries take only text and numbers, as an address does
  const params = input.params as Record<string, string> | undefined;
  const query = input.query as Record<string, string | number | undefined> | undefined;
  return request.fetch(pathOf(endpoint, params, query), {
    method: endpoint.method,
    ...(input.body === undefined ? {} : { data: input.body }),
    headers: { ...input.headers, ...(input.token ? { Authorization: `Bearer ${input.token}` } : {}) },
  });
}

async function expectSuccess(response: Awaited<ReturnType<typeof send>>, name: EndpointName) {
  expect(response.status(), `${name}: ${await response.text()}`).toBe(endpoints[name].status);
}

/** One call that must succeed; answers its parsed answer. */
export async function call<N extends EndpointName>(request: APIRequestContext, name: N, input: CallInput<N> = {}): Promise<AnswerOf<N>> {
  const response = await send(request, name, input);
  await expectSuccess(response, name);
  return endpoints[name].answer.parse(await response.json()) as AnswerOf<N>;
}

/** A list call that must succeed, with its full count from X-Total-Count. */
export async function callPage<N extends CountedEndpointName>(
  request: APIRequestContext,
  name: N,
  input: CallInput<N> = {},
): Promise<{ items: AnswerOf<N>; total: number }> {
  const response = await send(request, name, input);
  await expectSuccess(response, name);
  return { items: endpoints[name].answer.parse(await response.json()) as AnswerOf<N>, total: Number(response.headers()['x-total-count']) };
}

/** The status of a call that may fail (a refusal the journey checks). */
export async function statusOf<N extends EndpointName>(request: APIRequestContext, name: N, input: CallInput<N> = {}): Promise<number> {
  return (await send(request, name, input)).status();
}

// ---- accounts ------------------------------------------------------------------------------------

/** An account logged in through the API: what the login answers (id, token…), and the password for the login form. */
export type Account = LoginAnswer & { password: string };

export async function logInThroughApi(request: APIRequestContext, { email, password }: { email: string; password: string }): Promise<Account> {
  const answer = await call(request, 'login', { body: { email, password } });
  if ('twoFactorRequired' in answer) throw new Error(`${email} signs in in two steps: this helper signs in with a password alone`);
  return { ...answer, password };
}

/** The journeys' own admin (playwright.config.ts makes it from ADMIN_EMAIL at start). */
export function adminAccount(request: APIRequestContext): Promise<Account> {
  return logInThroughApi(request, ADMIN);
}

/** A customer no other journey or run has, registered and logged in through the API. */
export async function registerCustomer(request: APIRequestContext, overrides: Partial<AccountFields> = {}): Promise<Account> {
  const fields = account(overrides);
  await call(request, 'register', { body: fields });
  return logInThroughApi(request, fields);
}

/** Logs the browser in the way the shop does: the session cookie. */
export async function useSession(context: BrowserContext, baseURL: string, { _id, id, username, email, isAdmin, role, token }: Account) {
  const value = { _id, id, username, email, isAdmin, role, token };
  await context.addCookies([{ name: SESSION_COOKIE, value: encodeURIComponent(JSON.stringify(value)), url: baseURL }]);
}

// ---- the shop's data ------------------------------------------------------------------------------

/** A tag no other journey, project or run uses, for the names of what a journey makes. */
export function runTag(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A category of the women's collection with two products in it, one discounted, named after the run. */
export async function newCatalog(request: APIRequestContext, admin: Account, tag: string): Promise<{ category: string; products: Product[] }> {
  const category = `Linen ${tag}`;
  await call(request, 'addCategory', { body: { title: category, gender: 'women' }, token: admin.token });
  const products: Product[] = [];
  for (const [name, price, discount] of [[`Linen shirt ${tag}`, 450, 20], [`Linen trousers ${tag}`, 600, 0]] as const) {
    const product = await call(request, 'addProduct', {
      body: {
        name, description: `A light ${name.toLowerCase()} for hot days.`, nameAr: `قطعة كتان ${tag}`, descriptionAr: 'قطعة خفيفة من الكتان للأيام الحارة.',
        price, disCountPrecent: discount, gender: 'women', category, imageUrls: [IMAGE],
      },
      token: admin.token,
    });
    products.push(product);
  }
  return { category, products };
}

/** Products a cart takes without a size, in stock: other journeys add sized ones beside the catalog's. */
export async function oneSizeProducts(request: APIRequestContext): Promise<Product[]> {
  return (await call(request, 'listProducts', { query: { limit: 50 } })).filter((product) => product.sizes.length === 1 && product.inStock);
}

export async function addToCart(request: APIRequestContext, customer: Account, product: Product, quantaty: number) {
  await call(request, 'addToCart', { body: { product: product._id, quantaty }, token: customer.token });
}

export async function toggleWishlist(request: APIRequestContext, customer: Account, product: Product) {
  await call(request, 'toggleWishlist', { body: { productId: product._id }, token: customer.token });
}

/** The customer's orders as the server has them, newest first. */
export function ordersOf(request: APIRequestContext, customer: Account) {
  return call(request, 'userOrders', { params: { userId: customer.id }, token: customer.token });
}

/** new-order's body for these lines (the cart's), billed to Mona in Dokki unless `billing` says otherwise. */
function orderBody(customer: Account, lines: { product: Product; quantity: number }[], billing: Partial<BillingFields>): Omit<BodyOf<'placeOrder'>, 'wayForPayment'> {
  const total = priceCart(lines.map(({ product, quantity }) => ({ product, quantaty: quantity })), cartItemLine).totalPiastres;
  return {
    firstName: 'Mona', secondName: 'Adel', email: customer.email, phoneNumber: '01001234567', Governorate: 'Giza', city: 'Dokki',
    address: '12 Tahrir Street', ...billing, totalPrice: Number(toEgp(total).toFixed(2)),
    productId: lines.map(({ product }) => product._id), quantaties: lines.map(({ quantity }) => quantity),
  };
}

/** A cash order for what is in the customer's cart (billed as `billing` says); returns its id. */
export async function placeCashOrder(
  request: APIRequestContext,
  customer: Account,
  lines: { product: Product; quantity: number }[],
  billing: Partial<BillingFields> = {},
): Promise<string> {
  const order = await call(request, 'placeOrder', { body: { ...orderBody(customer, lines, billing), wayForPayment: 'cash' }, token: customer.token });
  return order._id;
}

/** A card order for what is in the customer's cart, paid with the sandbox's test card; returns its id. */
export async function placeCardOrder(request: APIRequestContext, customer: Account, lines: { product: Product; quantity: number }[]): Promise<string> {
  const payment = await call(request, 'createPayment', { body: {}, token: customer.token });
  await call(request, 'confirmSandboxPayment', {
    body: { client_secret: payment.client_secret, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
    token: customer.token,
  });
  const body = { ...orderBody(customer, lines, {}), wayForPayment: 'credit' as const, paymentIntentId: payment.paymentIntentId };
  return (await call(request, 'placeOrder', { body, token: customer.token }))._id;
}

/** An admin gives an account its role (customer, staff or admin). */
export async function setRole(request: APIRequestContext, admin: Account, user: { id: string }, role: Role) {
  await call(request, 'setRole', { params: { id: user.id }, body: { role }, token: admin.token });
}

/** The e2e admin, a catalog of this run's own (newCatalog), and a new customer. */
export async function catalogWithCustomer(request: APIRequestContext, tag: string) {
  const admin = await adminAccount(request);
  const { category, products } = await newCatalog(request, admin, tag);
  const customer = await registerCustomer(request);
  return { admin, category, products, customer };
}

/** The same, and the customer's cash order of the catalog's first product (billed as `billing` says). */
export async function catalogWithOrder(request: APIRequestContext, tag: string, billing?: Partial<BillingFields>) {
  const { admin, category, products, customer } = await catalogWithCustomer(request, tag);
  await addToCart(request, customer, products[0]!, 1);
  const orderId = await placeCashOrder(request, customer, [{ product: products[0]!, quantity: 1 }], billing);
  return { admin, category, products, customer, orderId };
}

/**
 * A women's category of this run's own for the filter journeys (issue 32), with a size guide: a Black and a Navy colour
 * of one linen shirt (one style, in M), and Black linen trousers sold out in M but in stock in L.
 */
export async function colouredCatalog(request: APIRequestContext, tag: string) {
  const admin = await adminAccount(request);
  const category = `Find ${tag}`;
  const sizeGuide = {
    columns: ['Chest', 'Length'],
    rows: [{ size: 'M', values: ['96-100', '70'] }, { size: 'L', values: ['101-105', '72'] }],
    note: 'Measured flat, in cm.',
    noteAr: 'مقاسة والقطعة مفرودة، بالسنتيمتر.',
  };
  const added = await call(request, 'addCategory', { body: { title: category, gender: 'women', titleAr: 'تشكيلة الكتان', sizeGuide }, token: admin.token });
  const style = `linen-shirt-${tag}`;
  const pieces = [
    { name: `Linen shirt ${tag} – Black`, price: 500, color: { name: 'Black', nameAr: 'أسود', hex: '#1c1c1c' }, style, sizes: [{ size: 'M', stock: 2 }, { size: 'L', stock: 0 }] },
    { name: `Linen shirt ${tag} – Navy`, price: 300, color: { name: 'Navy', nameAr: 'كحلي', hex: '#1f2a44' }, style, sizes: [{ size: 'M', stock: 3 }] },
    { name: `Trousers ${tag} – Black`, price: 200, color: { name: 'Black', nameAr: 'أسود', hex: '#1c1c1c' }, sizes: [{ size: 'M', stock: 0 }, { size: 'L', stock: 4 }] },
  ];
  const products: Product[] = [];
  for (const { name, ...piece } of pieces) {
    products.push(await call(request, 'addProduct', {
      body: { ...piece, name, nameAr: `قطعة ${tag} ${products.length + 1}`, description: 'Washed linen for hot days.', descriptionAr: 'كتان مغسول للأيام الحارة.', disCountPrecent: 0, gender: 'women', category, imageUrls: [IMAGE] },
      token: admin.token,
    }));
  }
  return { admin, category, categoryId: added._id, products };
}

/** The catalog's first product delivered to a new customer (catalogWithOrder, then shipped and delivered by the admin). */
export async function deliveredToCustomer(request: APIRequestContext, tag: string) {
  const { admin, category, products, customer, orderId } = await catalogWithOrder(request, tag);
  for (const status of ['shipped', 'delivered'] as const) {
    await call(request, 'moveOrder', { params: { id: orderId }, body: { status }, token: admin.token });
  }
  return { admin, category, products, customer };
}
