// The demo catalog: categories, products with images drawn by the shop itself, and two demo accounts.
import { count, eq, sql } from 'drizzle-orm';
import { GENDERS } from '@shop/core/constants';
import { findUserByEmail } from '../modules/accounts/users.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { ProductImages } from '../modules/images/storage.ts';
import type { Db } from '../db/client.ts';
import { demoCategories, demoColorAndStyle, demoProducts } from './demo/catalog.ts';
import { DEMO_SETTINGS } from './demo/settings.ts';
import { insertNewProducts, insertUser } from './factories.ts';
import { collectionImageSvg, productImageSvgs } from './demo/garments.ts';
import { demoImageVariants, readManifest } from './demo/prerendered.ts';
import { categories, products, shopSettings, users } from '../db/schema.ts';

export const DEMO_ACCOUNTS = {
  admin: { username: 'admin', email: 'admin@shop.test', password: 'Admin12345!' },
  customer: { username: 'customer', email: 'customer@shop.test', password: 'Customer123!' },
} as const;

export function demoImageName(productName: string, view: number): string {
  return `${slug(productName)}-${view + 1}`;
}

/** The home page's two collection pictures, made once and kept with the other images. */
export async function ensureCollectionImages(images: ProductImages): Promise<void> {
  const manifest = readManifest();
  for (const gender of GENDERS) {
    const name = `collection-${gender}`;
    if (!(await images.exists(name))) await images.saveVariants(await demoImageVariants(name, collectionImageSvg(gender), manifest), name);
  }
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [[productCount], [userCount]] = await Promise.all([
    db.select({ value: count() }).from(products),
    db.select({ value: count() }).from(users),
  ]);
  return (productCount?.value ?? 0) === 0 && (userCount?.value ?? 0) === 0;
}

/**
 * What a demo seed makes without the database: the pictures' files and the demo accounts' password hashes. A first
 * start begins it while initdb runs (server.ts), where it took 1.1-1.5 s of the seed after the migrations.
 */
export interface DemoSeedWork {
  pictures: Promise<void>;
  /** by email */
  passwordHashes: Promise<Map<string, string>>;
}

export function beginDemoSeed(images: ProductImages | null, { withDemoAdmin = true }: { withDemoAdmin?: boolean } = {}): DemoSeedWork {
  const pictures = demoPictures(images);
  const passwordHashes = Promise.all(
    demoAccounts(withDemoAdmin).map(async (account) => [account.email, await hashPassword(account.password)] as const),
  ).then((hashes) => new Map(hashes));
  // seedDemo awaits both; a start that fails before it does leaves no rejection unheard
  pictures.catch(() => {});
  passwordHashes.catch(() => {});
  return { pictures, passwordHashes };
}

/** The demo catalog's pictures, and the home page's two; those already there are kept. */
function demoPictures(images: ProductImages | null): Promise<void> {
  if (!images) return Promise.resolve();
  const manifest = readManifest();
  return Promise.all([ensureCollectionImages(images), ...demoProducts.map((product) => ensureDemoPictures(images, product, manifest))]).then(() => {});
}

function demoAccounts(withDemoAdmin: boolean) {
  return Object.values(DEMO_ACCOUNTS).filter((account) => withDemoAdmin || account !== DEMO_ACCOUNTS.admin);
}

/**
 * Seeds the demo catalog and accounts; products already there (by name) are left alone. The demo admin, whose
 * password the README publishes, is made only when the shop has no configured admin (`withDemoAdmin`). `begun`: the
 * work beginDemoSeed started for it, else the seed does it now (the pictures while the rows go in).
 */
export async function seedDemo(
  db: Db,
  images: ProductImages | null,
  log: (message: string) => void = () => {},
  { withDemoAdmin = true, begun }: { withDemoAdmin?: boolean; begun?: DemoSeedWork | undefined } = {},
): Promise<void> {
  const started = Date.now();
  // The rows are one transaction: one commit (a commit per row costs a disk flush each on a durable database), and all
  // or nothing. A first start killed half-way through leaves an empty shop, which the next start seeds again; the
  // accounts written apart from the catalog once left a shop with a user, which no start ever seeded again (issue 41).
  const pictures = begun?.pictures ?? demoPictures(images);
  pictures.catch(() => {}); // awaited below, after the rows
  const accounts = await Promise.all(
    demoAccounts(withDemoAdmin).map(async (account) => ({
      account,
      passwordHash: (await begun?.passwordHashes)?.get(account.email) ?? (await hashPassword(account.password)),
    })),
  );

  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    for (const { account, passwordHash } of accounts) {
      if (await findUserByEmail(tx, account.email)) continue;
      await insertUser(tx, { username: account.username, email: account.email, passwordHash, isAdmin: account === DEMO_ACCOUNTS.admin });
    }
    await seedDemoSettings(tx);

    const categoryRows = new Map<string, { id: string; titleAr: string | null }>();
    for (const category of demoCategories) {
      const [row] = await tx.insert(categories).values(category).onConflictDoNothing().returning();
      const kept = row ?? (await tx.select().from(categories).where(eq(categories.title, category.title))).find((c) => c.gender === category.gender);
      categoryRows.set(`${category.gender}/${category.title}`, { id: kept!.id, titleAr: kept!.titleAr });
    }
    const existing = new Set((await tx.select({ name: products.name }).from(products)).map((row) => row.name.toLowerCase()));
    // Oldest first, a minute apart, so "New products" shows a stable, deliberate order.
    const base = Date.now() - demoProducts.length * 60_000;
    const missing = demoProducts.flatMap((product, index) => {
      if (existing.has(product.name.toLowerCase())) return [];
      const createdAt = new Date(base + index * 60_000);
      const { garment: _garment, color: _color, accent: _accent, ...fields } = product;
      const { id, titleAr } = categoryRows.get(`${product.gender}/${product.category}`)!;
      const categoryRow = { id, title: product.category, gender: product.gender, titleAr };
      return [{ ...fields, ...demoColorAndStyle(product), categoryRow, images: demoImageUrls(product), createdAt }];
    });
    await insertNewProducts(tx, missing);
  });
  await pictures;
  log(`demo catalog seeded: ${demoProducts.length} products in ${Date.now() - started} ms`);
}

/** The demo brand's settings, on a shop whose owner has saved none (a seed never undoes a save). */
export async function seedDemoSettings(db: Db): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ id: 1, settings: DEMO_SETTINGS })
    .onConflictDoUpdate({ target: shopSettings.id, set: { settings: DEMO_SETTINGS, updatedAt: sql`now()` }, setWhere: sql`${shopSettings.settings} = '{}'::jsonb` });
}

type DemoProduct = (typeof demoProducts)[number];

/** A demo product's pictures, at the names demoImageUrls gives its rows; those already there are kept. */
async function ensureDemoPictures(images: ProductImages, product: DemoProduct, manifest: ReturnType<typeof readManifest>): Promise<void> {
  for (const [view, art] of productImageSvgs(product).entries()) {
    const name = demoImageName(product.name, view);
    if (!(await images.exists(name))) await images.saveVariants(await demoImageVariants(name, art.svg, manifest), name);
  }
}

function demoImageUrls(product: DemoProduct): string[] {
  return productImageSvgs(product).map((_art, view) => ProductImages.urlOf(demoImageName(product.name, view)));
}

function slug(name: string): string {
  return name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'product';
}
