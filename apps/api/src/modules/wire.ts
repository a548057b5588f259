// Rows to the wire shapes of PRODUCT.md section 1: the one place where columns become SPEC's field names.
import { discountedPiastres, toEgp } from '@shop/core/money';
import type { CartItem } from '@shop/core/contract/cart';
import type { Category, Product, ProductRating, SizeStock } from '@shop/core/contract/catalog';
import type { Confirmation, Order, OrderProductSnapshot } from '@shop/core/contract/orders';
import type { User } from '@shop/core/contract/accounts';
import { inStock } from '@shop/core/stock';
import type { cartItems, categories, orders, products, users } from '../db/schema.ts';

/** A product as every read selects it (db/schema.ts productColumns): its columns and its sizes. */
type ProductRow = Omit<typeof products.$inferSelect, 'searchVector'> & { sizes: SizeStock[] };
type CategoryRow = typeof categories.$inferSelect;
type UserRow = typeof users.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type CartRow = typeof cartItems.$inferSelect;

/**
 * A product's rating from the sums its row keeps (decision 047): the average of its stars to one decimal, halves rounded
 * up, as PostgreSQL's round(avg(rating), 1) gave it; 0 with no review.
 */
export function ratingOf(row: Pick<ProductRow, 'ratingCount' | 'ratingStars' | 'fitSmall' | 'fitTrue' | 'fitLarge'>): ProductRating {
  return {
    average: row.ratingCount === 0 ? 0 : Math.round((row.ratingStars * 10) / row.ratingCount) / 10,
    count: row.ratingCount,
    fit: { small: row.fitSmall, true: row.fitTrue, large: row.fitLarge },
  };
}

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: toEgp(row.pricePiastres),
    disCountPrecent: row.discountPercent,
    category: row.category,
    gender: row.gender,
    images: row.images,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sizes: row.sizes,
    inStock: inStock(row.sizes),
    rating: ratingOf(row),
    ...(row.nameAr === null ? {} : { nameAr: row.nameAr }),
    ...(row.descriptionAr === null ? {} : { descriptionAr: row.descriptionAr }),
    ...(row.categoryAr === null ? {} : { categoryAr: row.categoryAr }),
    ...(row.style === null ? {} : { style: row.style }),
    ...(row.colorName === null ? {} : { color: { name: row.colorName, nameAr: row.colorNameAr ?? '', hex: row.colorHex ?? '#000000' } }),
    ...(row.returnable ? {} : { returnable: false }),
  };
}

/** What an order line keeps of its product when the order is placed. */
export function toProductSnapshot(row: ProductRow): OrderProductSnapshot {
  return {
    _id: row.id,
    name: row.name,
    price: toEgp(row.pricePiastres),
    disCountPrecent: row.discountPercent,
    images: row.images,
    category: row.category,
    gender: row.gender,
    ...(row.nameAr === null ? {} : { nameAr: row.nameAr }),
  };
}

export function toCategory(row: CategoryRow): Category {
  return {
    _id: row.id,
    title: row.title,
    gender: row.gender,
    createdAt: row.createdAt.toISOString(),
    ...(row.titleAr === null ? {} : { titleAr: row.titleAr }),
    ...(row.sizeGuide === null ? {} : { sizeGuide: row.sizeGuide }),
  };
}

export function toUser(row: Pick<UserRow, 'id' | 'username' | 'email' | 'role' | 'createdAt'> & { twoFactorSecret?: string | null; twoFactor?: boolean }): User {
  const twoFactor = row.twoFactor ?? (row.twoFactorSecret === undefined ? undefined : row.twoFactorSecret !== null);
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.role === 'admin',
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    ...(twoFactor === undefined ? {} : { twoFactor }),
  };
}

export function toCartItem(row: CartRow, product: ProductRow): CartItem {
  return {
    _id: row.id,
    product: toProduct(product),
    size: row.size,
    quantaty: row.quantity,
    nameProduct: product.name,
    imageProduct: product.images[0] ?? '',
    priceProduct: toEgp(discountedPiastres(product.pricePiastres, product.discountPercent)),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The confirmation as the wire says it (every order's answer carries it). */
export function toConfirmation(row: Pick<OrderRow, 'confirmationStatus' | 'confirmationAt' | 'confirmationBy' | 'confirmationAttempts'>): Confirmation {
  return {
    status: row.confirmationStatus,
    at: row.confirmationAt ? row.confirmationAt.toISOString() : null,
    by: row.confirmationBy,
    attempts: row.confirmationAttempts,
  };
}

/**
 * An order on the wire. `refund`: a canceled card order's, as its payment stands (modules/orders/orders.ts reads it
 * with the order).
 */
export function toOrder(row: OrderRow, username?: string, refund?: Order['refund']): Order {
  return {
    _id: row.id,
    number: row.number,
    user: row.userId,
    ...(username === undefined ? {} : { username }),
    firstName: row.firstName,
    secondName: row.secondName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    Governorate: row.governorate,
    city: row.city,
    address: row.address,
    wayForPayment: row.wayForPayment,
    totalPrice: toEgp(row.totalPiastres),
    isCanceled: row.isCanceled,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    history: row.history,
    products: row.lines.map((line) => ({
      product: line.product,
      size: line.size,
      quantity: line.quantity,
      unitPrice: toEgp(line.unitPiastres),
    })),
    ...(refund ? { refund } : {}),
    ...orderFigures(row),
    confirmation: toConfirmation(row),
    ...(row.paymentMethod && row.holdUntil
      ? { payment: { provider: 'paymob' as const, method: row.paymentMethod, holdUntil: row.holdUntil.toISOString(), reference: row.paymentReference } }
      : {}),
  };
}

/**
 * An order's figures (PRODUCT section 8). Orders placed before they were kept (decision 037) paid their lines and a
 * flat delivery: the subtotal is their lines' sum and the delivery what the total adds to it.
 */
function orderFigures(row: OrderRow): Pick<Order, 'subtotal' | 'discount' | 'shipping' | 'codFee' | 'couponCode'> {
  const subtotal = row.subtotalPiastres ?? row.lines.reduce((sum, line) => sum + line.unitPiastres * line.quantity, 0);
  const shipping = row.shippingPiastres ?? row.totalPiastres - subtotal;
  return { subtotal: toEgp(subtotal), discount: toEgp(row.discountPiastres), shipping: toEgp(shipping), codFee: toEgp(row.codFeePiastres), couponCode: row.couponCode };
}
