// Shared by the security tests: the routes the app really has, a world of two customers and an admin
// with things of their own, and a fingerprint of every table to prove that a request changed nothing.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { routes as contractRoutes } from '@shop/core/routes';
import type { App } from '../../src/app.ts';
import { insertUser } from '../../src/scripts/factories.ts';
import { payments, reviews } from '../../src/db/schema.ts';
import {
  addToWishlist, createAdmin, createCartItem, createCategory, createOrder, createProduct, createStaff, createUser, getTestContext, unique,
} from '../helpers.ts';

export interface RouteKey {
  method: string;
  /** The route's own pattern, e.g. `/api/orders/single/:orderId`. */
  url: string;
}

/**
 * Every route the app answers, read from Fastify's router at run time (not from a list kept by hand), so a
 * route added later shows up here. `printRoutes` draws the radix tree: a route's path is its branch's segments
 * joined, and the methods follow in parentheses.
 */
export function listRoutes(app: App): RouteKey[] {
  const routes: RouteKey[] = [];
  const branch: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: true }).split('\n')) {
    const marker = line.search(/[├└]── /);
    if (marker < 0) continue;
    const depth = marker / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(marker + 4))!;
    branch.length = depth;
    branch.push(match[1]!);
    for (const method of match[2]?.split(', ') ?? []) {
      // routes that share a parameter's place under different names print it merged (`:id|:userId`): each is its own route
      const url = branch.join('');
      if (!url.includes('|')) routes.push({ method, url });
      // the contract names which spelling each method's route has (a HEAD is its GET's)
      else for (const one of unmerged(url)) if (CONTRACT_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${one}`)) routes.push({ method, url: one });
    }
  }
  return routes;
}

const CONTRACT_ROUTES = new Set(Object.values(contractRoutes).map((entry) => `${entry.method} ${entry.path}`));

/** The URLs a printed pattern with merged parameter names (`/api/orders/:id|:userId/confirm`) may stand for. */
function unmerged(url: string): string[] {
  const merged = /:\w+(?:\|:\w+)+/.exec(url);
  if (!merged) return [url];
  return merged[0].split('|').flatMap((name) => unmerged(url.replace(merged[0], name)));
}

/** Fills `:name` parameters; values are URL-encoded. */
export function fillParams(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_whole, name: string) => {
    if (!(name in params)) throw new Error(`no value for :${name} in ${pattern}`);
    return encodeURIComponent(params[name]!);
  });
}

export type Session = Awaited<ReturnType<typeof createUser>>;

/** What one customer owns: a cart line, an order, a wishlist entry and a started card payment. */
export interface Belongings {
  session: Session;
  cartItemId: string;
  orderId: string;
  paymentId: string;
  clientSecret: string;
  /** a review of the world's product, written straight into the table (no delivered order needed) */
  reviewId: string;
}

export interface World {
  a: Belongings;
  b: Belongings;
  /** One of the shop's staff (orders and products in the dashboard). */
  staff: Belongings;
  admin: Belongings;
  product: Awaited<ReturnType<typeof createProduct>>;
  /** A category nothing uses, so an admin may delete it. */
  emptyCategory: Awaited<ReturnType<typeof createCategory>>;
}

let paymentSequence = 0;
async function startedPayment(app: App, userId: string, amountPiastres: number) {
  paymentSequence += 1;
  const id = `pi_sandbox_security${Date.now().toString(36)}${paymentSequence}`;
  const clientSecret = `${id}_secret_${Math.random().toString(36).slice(2)}`;
  await app.db.insert(payments).values({ id, provider: 'sandbox', userId, amountPiastres, status: 'requires_payment_method', clientSecret });
  return { paymentId: id, clientSecret };
}

/** Two customers, A and B, a staff member and an admin, each with a cart line, an order, a wishlist entry and a payment. */
export async function buildWorld(): Promise<World> {
  const { app } = await getTestContext();
  const category = await createCategory();
  const product = await createProduct({ category, price: 200 });
  const emptyCategory = await createCategory();
  const belongings = async (session: Session): Promise<Belongings> => {
    const cartItemId = await createCartItem(session.user, product, 2);
    const order = await createOrder(session.user, [{ product, quantity: 1 }]);
    await addToWishlist(session.user, product);
    const [review] = await app.db.insert(reviews).values({ productId: product._id, userId: session.user._id, rating: 4, title: 'Fine', text: 'Fits well.', fit: 'true' }).returning();
    return { session, cartItemId, orderId: order._id, reviewId: review!.id, ...(await startedPayment(app, session.user._id, 43_000)) };
  };
  const [a, b, staff, admin] = await Promise.all([createUser(), createUser(), createStaff(), createAdmin()]);
  return { a: await belongings(a), b: await belongings(b), staff: await belongings(staff), admin: await belongings(admin), product, emptyCategory };
}

export interface TableFingerprint {
  rows: number;
  checksum: string;
}

/** Row count and an md5 over every row of every table in the public schema. */
export async function fingerprint(app: App): Promise<Record<string, TableFingerprint>> {
  const tables = await rowsOf<{ table_name: string }>(
    app,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Record<string, TableFingerprint> = {};
  for (const { table_name: table } of tables) {
    const [row] = await rowsOf<{ rows: number; checksum: string | null }>(
      app,
      sql`select count(*)::int as rows, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as checksum from ${sql.identifier(table)} t`,
    );
    result[table] = { rows: Number(row!.rows), checksum: row!.checksum ?? '' };
  }
  expect(Object.keys(result)).toEqual(expect.arrayContaining(['users', 'products', 'orders', 'cart_items', 'payments']));
  return result;
}

export async function rowsOf<T>(app: App, query: ReturnType<typeof sql>): Promise<T[]> {
  const answer = (await app.db.execute(query)) as unknown as { rows: T[] };
  return answer.rows;
}

/** An error answer as the contract wants it: a JSON body with one human sentence. */
export function expectMessage(response: { statusCode: number; headers: Record<string, unknown>; body: string }, context = '') {
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new Error(`${context}: answer ${response.statusCode} is not JSON: ${response.body.slice(0, 200)}`);
  }
  const message = (body as { message?: unknown }).message;
  expect(typeof message === 'string' && message.length > 0, `${context}: ${response.body.slice(0, 200)}`).toBe(true);
  return message as string;
}

/**
 * An account whose stored hash is not an argon2 hash: its logins fail at once instead of after argon2's
 * ~100 ms to 1 s, so a test can send many failed logins quickly, or measure the waits the API adds.
 */
export async function accountWithoutArgon2() {
  const { app } = await getTestContext();
  const handle = unique('fast').replace(/\s/g, '-');
  return insertUser(app.db, { username: handle, email: `${handle}@example.com`, passwordHash: 'not-an-argon2-hash' });
}
