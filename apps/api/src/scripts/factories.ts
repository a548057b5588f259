// Rows written straight into the database, for the demo seed and the API tests: one place that knows how a
// category, product, user, cart line or order is stored. The fields come from shop-core's builders
// (@shop/core/factories), so a row written here is one the API would accept.
import { eq } from 'drizzle-orm';
import { discountedPiastres, toPiastres, totalPiastres } from '@shop/core/money';
import type { PaymentWay, Role } from '@shop/core/constants';
import { billing, categoryFields, productFields, type BillingFields, type CategoryFields } from '@shop/core/factories';
import { ONE_SIZE } from '@shop/core/constants';
import type { OrderStatus } from '@shop/core/order-status';
import { DEFAULT_SIZES, type Product, type ProductFields } from '@shop/core/contract/catalog';
import type { Db } from '../db/client.ts';
import { writeSizes } from '../modules/catalog/sizes.ts';
import { cartItems, categories, orders, productColumns, productSizes, products, users, wishlistItems, type OrderLine } from '../db/schema.ts';

export async function insertCategory(db: Db, overrides: Partial<CategoryFields> = {}) {
  const [row] = await db.insert(categories).values(categoryFields(overrides)).returning();
  return row!;
}

export interface ProductRowFields extends Partial<ProductFields> {
  /** The category row the product is filed under: its title and gender are the product's. */
  categoryRow: { id: string; title: string; gender: ProductFields['gender']; titleAr?: string | null | undefined };
  images?: string[];
  createdAt?: Date;
}

export async function insertProduct(db: Db, fields: ProductRowFields) {
  const [inserted] = await db.insert(products).values(productRow(fields)).returning({ id: products.id });
  await writeSizes(db, inserted!.id, fields.sizes ?? DEFAULT_SIZES);
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, inserted!.id));
  return row!;
}

/**
 * New products in two statements, the products and then all their sizes, where one by one each took six (the demo
 * seed's 61 products: 1 s of a first start on a slow day). Only for products that are not there yet: no size or cart
 * line of theirs can be in the way, which writeSizes would look for.
 */
export async function insertNewProducts(db: Db, list: readonly ProductRowFields[]): Promise<void> {
  if (list.length === 0) return;
  const rows = list.map(productRow);
  const inserted = await db.insert(products).values(rows).returning({ id: products.id, name: products.name });
  // matched by name (each is unique), not by the order RETURNING happens to give
  const idOf = new Map(inserted.map(({ id, name }) => [name, id]));
  const sizeRows = list.flatMap((fields, index) =>
    (fields.sizes ?? DEFAULT_SIZES).map(({ size, stock }, position) => ({ productId: idOf.get(rows[index]!.name)!, size, position, stock })),
  );
  await db.insert(productSizes).values(sizeRows);
}

/** A product's row as the API stores it. */
function productRow({ categoryRow, images, createdAt, sizes: _sizes, ...overrides }: ProductRowFields) {
  const fields = productFields({ ...overrides, gender: categoryRow.gender, category: categoryRow.title });
  return {
    name: fields.name,
    description: fields.description,
    pricePiastres: toPiastres(fields.price),
    discountPercent: fields.disCountPrecent,
    gender: fields.gender,
    categoryId: categoryRow.id,
    category: fields.category,
    nameAr: fields.nameAr ?? null,
    descriptionAr: fields.descriptionAr ?? null,
    categoryAr: categoryRow.titleAr ?? null,
    style: overrides.style ?? null,
    colorName: overrides.color?.name ?? null,
    colorNameAr: overrides.color?.nameAr || null,
    colorHex: overrides.color?.hex ?? null,
    returnable: overrides.returnable ?? true,
    images: images ?? ['https://cdn.example.com/a.webp'],
    ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
  };
}

export async function insertUser(
  db: Db,
  fields: { username: string; email: string; passwordHash: string; isAdmin?: boolean; role?: Role; createdAt?: Date },
) {
  const { isAdmin, role, ...columns } = fields;
  const [row] = await db
    .insert(users)
    .values({ ...columns, email: fields.email.toLowerCase(), role: role ?? (isAdmin ? 'admin' : 'customer') })
    .returning();
  return row!;
}

export async function insertCartItem(db: Db, fields: { userId: string; productId: string; quantity: number; size?: string }) {
  const [row] = await db.insert(cartItems).values({ ...fields, size: fields.size ?? ONE_SIZE }).returning();
  return row!;
}

export async function insertWishlistItem(db: Db, fields: { userId: string; productId: string }) {
  await db.insert(wishlistItems).values(fields);
}

/** An order with the snapshot lines a placed order would have, priced as checkout prices them. */
export async function insertOrder(
  db: Db,
  userId: string,
  lines: { product: Product; quantity: number; size?: string }[],
  overrides: {
    billing?: Partial<BillingFields>;
    wayForPayment?: PaymentWay;
    isCanceled?: boolean;
    status?: OrderStatus;
    paymentIntentId?: string;
    createdAt?: Date;
  } = {},
) {
  const status = overrides.status ?? (overrides.isCanceled ? 'canceled' : 'accepted');
  const createdAt = overrides.createdAt ?? new Date();
  // the path a real order took to this status, one second a step
  const path: OrderStatus[] = status === 'accepted' ? ['accepted'] : status === 'shipped' ? ['accepted', 'shipped'] : status === 'delivered' ? ['accepted', 'shipped', 'delivered'] : ['accepted', 'canceled'];
  const history = path.map((step, index) => ({ status: step, at: new Date(createdAt.getTime() + index * 1000).toISOString() }));
  const snapshot: OrderLine[] = lines.map(({ product, quantity, size }) => ({
    product: {
      _id: product._id,
      name: product.name,
      price: product.price,
      disCountPrecent: product.disCountPrecent,
      images: product.images,
      category: product.category,
      gender: product.gender,
    },
    size: size ?? ONE_SIZE,
    quantity,
    unitPiastres: discountedPiastres(toPiastres(product.price), product.disCountPrecent),
  }));
  const { Governorate: governorate, ...details } = billing(overrides.billing);
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      ...details,
      governorate,
      wayForPayment: overrides.wayForPayment ?? 'cash',
      totalPiastres: totalPiastres(lines.map(({ product, quantity }) => ({ ...product, quantity }))),
      lines: snapshot,
      isCanceled: status === 'canceled',
      status,
      history,
      paymentIntentId: overrides.paymentIntentId ?? null,
      createdAt,
    })
    .returning();
  return row!;
}
