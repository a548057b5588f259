// The shop's tables. Money is stored in whole piastres (integers), never floats.
import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { CONSENT_PURPOSES, COUPON_KINDS, ONE_SIZE, ROLES, type AuditEntity, type ConsentPurpose, type CouponKind, type Governorate, type Gender, type PaymentWay, type PaymobMethod, type Role } from '@shop/core/constants';
import { ORDER_STATUSES, type OrderStatus } from '@shop/core/order-status';
import type { CheckoutAnswer, ConfirmationAttempt, ConfirmationStatus, Order, OrderLineSnapshot, StatusChange } from '@shop/core/contract/orders';
import type { ReviewFit } from '@shop/core/contract/reviews';
import type { Settings } from '@shop/core/contract/settings';
import type { SizeGuide, SizeStock } from '@shop/core/contract/catalog';
import type { SignIn } from '@shop/core/contract/privacy';
import type { RefundMethod, RefundStatus, ReturnKind, ReturnStatus } from '@shop/core/contract/returns';
import type { ReturnReason } from '@shop/core/money';

type ReturnChange = { status: ReturnStatus; at: string; by: string; note?: string };
import { SHIPMENT_STATES, type PackageType, type ShipmentState } from '@shop/core/contract/shipping';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull().default('customer'),
    // SPEC's flag, kept by the database itself: true exactly for an admin (decision 034)
    isAdmin: boolean('is_admin').notNull().generatedAlwaysAs(sql`role = 'admin'`),
    // Raised when the password changes: login tokens carry the number they were issued under, and an older one is
    // refused (plugins/app/auth.ts), so a reset signs out every other session.
    sessionVersion: integer('session_version').notNull().default(0),
    // Two-step sign-in (PRODUCT section 9, modules/accounts/two-factor.ts): the TOTP secret once it is on, the one being
    // set up until a code confirms it, and the last time step a code was taken for (an older or reused code is refused).
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    check('users_role_check', sql.raw(`role in (${ROLES.map((role) => `'${role}'`).join(', ')})`)),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    gender: text('gender').$type<Gender>().notNull(),
    titleAr: text('title_ar'),
    // the category's size chart (PRODUCT section 8), one JSON document, read whole with the category
    sizeGuide: jsonb('size_guide').$type<SizeGuide>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_gender_title_key').on(t.gender, sql`lower(${t.title})`)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    nameAr: text('name_ar'),
    descriptionAr: text('description_ar'),
    pricePiastres: integer('price_piastres').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'restrict' }),
    // Category titles never change, so the title is kept beside the id for reads without a join.
    category: text('category').notNull(),
    categoryAr: text('category_ar'),
    gender: text('gender').$type<Gender>().notNull(),
    images: jsonb('images').$type<string[]>().notNull(),
    // The colours of one design share a style key (PRODUCT section 8, decision 031); a product may have a colour alone.
    style: text('style'),
    colorName: text('color_name'),
    colorNameAr: text('color_name_ar'),
    colorHex: text('color_hex'),
    // PRODUCT section 9: a product that may not be returned (underwear, a piece made to measure); shown on its page
    returnable: boolean('returnable').notNull().default(true),
    // The unit price as paid, after the discount, rounded to the piastre as money.ts rounds it: what the price filters
    // and sorts compare, kept by PostgreSQL so a sort by price can walk an index.
    paidPiastres: integer('paid_piastres').generatedAlwaysAs(sql`((price_piastres::bigint * (100 - discount_percent) + 50) / 100)::integer`).notNull(),
    // Its reviews summed (PRODUCT section 8): how many, their stars, and how many found it small, true to size or large.
    // Kept by the triggers of migration 0021 on reviews, so a listing reads its cards' ratings in the products' rows
    // (decision 047).
    ratingCount: integer('rating_count').notNull().default(0),
    ratingStars: integer('rating_stars').notNull().default(0),
    fitSmall: integer('fit_small').notNull().default(0),
    fitTrue: integer('fit_true').notNull().default(0),
    fitLarge: integer('fit_large').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Ranked search (docs/decisions/015): the name weighs most, then the category, then the description. English words
    // are stemmed; Arabic ones are kept as written ('simple'), since PostgreSQL has no Arabic stemmer.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('simple', coalesce(name_ar, '')), 'A') || setweight(to_tsvector('english', category), 'B') || setweight(to_tsvector('simple', coalesce(category_ar, '')), 'B') || to_tsvector('english', description) || to_tsvector('simple', coalesce(description_ar, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('products_name_key').on(sql`lower(${t.name})`),
    index('products_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_gender_created_at_idx').on(t.gender, t.createdAt.desc(), t.id.desc()),
    index('products_category_created_at_idx').on(t.categoryId, t.createdAt.desc(), t.id.desc()),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_paid_idx').on(t.paidPiastres, t.createdAt.desc(), t.id.desc()),
    index('products_paid_desc_idx').on(t.paidPiastres.desc(), t.createdAt.desc(), t.id.desc()),
    index('products_discount_idx').on(t.discountPercent.desc(), t.createdAt.desc(), t.id.desc()),
    index('products_style_idx').on(t.style),
    // the colour filter (by name, any case) and, within a colour, the price facet's cheapest and dearest
    index('products_color_paid_idx').on(sql`lower(${t.colorName})`, t.paidPiastres),
  ],
);

// How many products each category holds, kept in step with every insert, delete and move of a product by the triggers
// of migration 0004 (docs/decisions/015): X-Total-Count of a listing by gender or category sums a few of these rows
// instead of counting every product.
export const productCounts = pgTable(
  'product_counts',
  {
    categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
    gender: text('gender').$type<Gender>().notNull(),
    products: integer('products').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.gender] }), check('product_counts_products_check', sql`${t.products} >= 0`)],
);

/**
 * How many products each filter of the shop would show (decision 045): per category, gender and colour (as written:
 * the facets show a colour's name, Arabic name and swatch), the products themselves (size '') and, for each size, the
 * products with that size in stock. Kept in step by the triggers of migration 0018, so a filtered listing's total and
 * the size and colour facets are sums of a few rows instead of counts of every matching product. A missing colour is
 * ''. No CHECK on `products`: an upsert's proposed row carries the change itself, which may be negative.
 */
export const productFacetCounts = pgTable(
  'product_facet_counts',
  {
    categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
    gender: text('gender').$type<Gender>().notNull(),
    colorName: text('color_name').notNull(),
    colorNameAr: text('color_name_ar').notNull(),
    colorHex: text('color_hex').notNull(),
    size: text('size').notNull(),
    products: integer('products').notNull(),
  },
  (t) => [primaryKey({ name: 'product_facet_counts_pk', columns: [t.categoryId, t.gender, t.colorName, t.colorNameAr, t.colorHex, t.size] })],
);

/**
 * Each product's search words: the lexemes of its search_vector, one row each (decision 046). A plain search's total is
 * counted from this table's primary key alone (an index-only scan), where a count of the search index's matches read
 * every matching product from the table (5.3 ms for a word that 8,337 of 100,000 products hold, against 2.6). Kept in
 * step by the triggers of migration 0020. The words are compared byte by byte (COLLATE "C", written in the migration:
 * drizzle has no collations), so a prefix (`like 'linen%'`) is a range of the key.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').notNull(),
    productId: uuid('product_id').notNull(),
  },
  (t) => [primaryKey({ name: 'search_words_pk', columns: [t.word, t.productId] })],
);

// A product's sizes, one row each (docs/decisions/011): the stock check and decrement is one conditional UPDATE of one
// row, and the CHECK keeps it from ever going below zero. `stock` null: not tracked.
export const productSizes = pgTable(
  'product_sizes',
  {
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    position: integer('position').notNull(),
    stock: integer('stock'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.size] }), check('product_sizes_stock_check', sql`${t.stock} >= 0`)],
);

// A cart line is one product in one size. The size is checked when the line is added, and a size the admin removes
// takes its cart lines with it (modules/catalog/sizes.ts). No foreign key to product_sizes: its KEY SHARE lock on every
// cart write met the checkout's stock UPDATE on the same hot rows and halved the orders per second (decision 011).
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull().default(ONE_SIZE),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    // the line's last change and the language it was made in: a cart left this long is reminded of, in this language
    // (PRODUCT section 9, "carts left behind"; migration 0040)
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lang: text('lang').$type<'en' | 'ar'>().notNull().default('en'),
  },
  (t) => [
    uniqueIndex('cart_items_user_product_size_key').on(t.userId, t.productId, t.size),
    check('cart_items_lang_check', sql`${t.lang} in ('en', 'ar')`),
  ],
);

/**
 * A reminder of a cart left behind (PRODUCT section 9): one row per cart and step (1: after an hour, 2: after a day),
 * written with the mail's job in one transaction, so however many processes look and however often they restart,
 * each cart is mailed once a step. A cart is known by its shopper and the time of its oldest line (`cartSince`).
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    cartSince: timestamp('cart_since', { withTimezone: true, mode: 'string' }).notNull(),
    step: integer('step').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    // set once the mail went out; a reminder whose cart was ordered or emptied before its mail keeps null
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'cart_reminders_pk', columns: [t.userId, t.cartSince, t.step] }),
    index('cart_reminders_sent_at_idx').on(t.sentAt),
    check('cart_reminders_step_check', sql`${t.step} in (1, 2)`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_product_idx').on(t.productId)],
);

/** The `lines` column: each line's snapshot, shaped by the shared contract. */
export type OrderLine = OrderLineSnapshot;

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // the short number people name the order by, "#1001" (PRODUCT section 2): the shop's own sequence, never reused
    number: bigint('number', { mode: 'number' }).generatedByDefaultAsIdentity({ startWith: 1001 }).notNull(),
    // null for a guest's order (PRODUCT section 8), until the guest makes an account from it
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    firstName: text('first_name').notNull(),
    secondName: text('second_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    governorate: text('governorate').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    wayForPayment: text('way_for_payment').$type<PaymentWay>().notNull(),
    totalPiastres: bigint('total_piastres', { mode: 'number' }).notNull(),
    // Lines are a snapshot taken when the order was placed, written in the same row as the order.
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    paymentIntentId: text('payment_intent_id'),
    // SPEC's flag, kept beside the status (the CHECK keeps them agreeing) for SPEC's client and old readers
    isCanceled: boolean('is_canceled').notNull().default(false),
    status: text('status').$type<OrderStatus>().notNull().default('accepted'),
    // every status the order reached and when, oldest first; written in the same UPDATE as the status
    history: jsonb('history').$type<StatusChange[]>().notNull().default([]),
    // the language the shopper checked out in: their mails about this order are written in it (decision 018)
    lang: text('lang').$type<'en' | 'ar'>().notNull().default('en'),
    // the figures of totalPiastres (PRODUCT section 8); null on orders placed before they were kept (decision 037)
    subtotalPiastres: bigint('subtotal_piastres', { mode: 'number' }),
    discountPiastres: bigint('discount_piastres', { mode: 'number' }).notNull().default(0),
    shippingPiastres: bigint('shipping_piastres', { mode: 'number' }),
    codFeePiastres: bigint('cod_fee_piastres', { mode: 'number' }).notNull().default(0),
    couponCode: text('coupon_code'),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    // a guest reads the order with a token mailed to them: only its SHA-256 is kept
    guestTokenHash: text('guest_token_hash'),
    // paid through Paymob (PRODUCT section 4): how, until when an order awaiting its payment holds its pieces, and the
    // reference a kiosk payment is made with once Paymob gave it
    paymentMethod: text('payment_method').$type<PaymobMethod>(),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    paymentReference: text('payment_reference'),
    // who holds the order's pieces until it is paid (decision 051): the client address it was placed from (null on
    // orders placed before it was kept, and on erasure), and its email's key (shop-core's emailKey)
    clientIp: text('client_ip'),
    emailKey: text('email_key'),
    // PRODUCT section 9, "Confirming cash orders" (migration 0034): a cash order waits for its shopper's yes before it
    // ships; when and by whom it was answered, and every try (a WhatsApp message, a call, the mail's link)
    confirmationStatus: text('confirmation_status').$type<ConfirmationStatus>().notNull().default('not-needed'),
    confirmationAt: timestamp('confirmation_at', { withTimezone: true }),
    confirmationBy: text('confirmation_by'),
    confirmationAttempts: jsonb('confirmation_attempts').$type<ConfirmationAttempt[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    // the confirmation queue, oldest first, reads only the pending ones
    index('orders_confirmation_pending_idx').on(t.createdAt, t.id).where(sql`${t.confirmationStatus} = 'pending'`),
    // a phone number's history at the shop (customerHistory), by its last ten digits: 01xxxxxxxxx and +201xxxxxxxxx alike
    index('orders_phone_key_idx').on(sql`right(regexp_replace(${t.phoneNumber}, '\\D', '', 'g'), 10)`),
    index('orders_coupon_idx').on(t.couponId).where(sql`${t.couponId} is not null`),
    index('orders_coupon_email_key_idx').on(t.couponId, t.emailKey).where(sql`${t.couponId} is not null`),
    index('orders_held_by_ip_idx').on(t.clientIp).where(sql`${t.status} = 'awaiting-payment' or (${t.userId} is null and ${t.status} = 'accepted')`),
    index('orders_held_by_email_idx').on(t.emailKey).where(sql`${t.status} = 'awaiting-payment' or (${t.userId} is null and ${t.status} = 'accepted')`),
    index('orders_user_created_at_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('orders_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_status_created_at_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // the sales report's figures of a range (modules/reports/sales.ts) read from this index alone, not the wide rows:
    // migration 0015 makes it INCLUDE (status, governorate, way_for_payment, total_piastres), which drizzle cannot say
    index('orders_created_at_figures_idx').on(t.createdAt),
    uniqueIndex('orders_payment_intent_key').on(t.paymentIntentId),
    uniqueIndex('orders_number_key').on(t.number),
    check('orders_status_check', sql.raw(`"status" in (${ORDER_STATUSES.map((status) => `'${status}'`).join(', ')})`)),
    check('orders_is_canceled_check', sql`${t.isCanceled} = (${t.status} = 'canceled')`),
    check('orders_lang_check', sql`${t.lang} in ('en', 'ar')`),
    check('orders_confirmation_status_check', sql`${t.confirmationStatus} in ('pending', 'confirmed', 'declined', 'not-needed')`),
  ],
);

// An order's parcel with a courier (PRODUCT section 9, migration 0050). The row is written `pending` before the courier
// is asked, so a crash between the two leaves a row whose request is made again (with the same reference, which the
// courier answers with the parcel it already made), never a second parcel. One open shipment per order; one ended
// (terminated, an area not covered) lets the order be sent again under a reference of its own.
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    courier: text('courier').notNull(),
    // what the courier knows the parcel by besides its number: Bosta's uniqueBusinessReference (the order's id)
    reference: text('reference').notNull(),
    trackingNumber: text('tracking_number'),
    // the courier's own id of the parcel (Bosta's `_id`: its waybill is asked by it)
    courierId: text('courier_id'),
    state: text('state').$type<ShipmentState>().notNull().default('pending'),
    stateCode: integer('state_code'),
    // when the courier says its latest state happened: an older word arriving late changes nothing
    stateAt: timestamp('state_at', { withTimezone: true }),
    codPiastres: bigint('cod_piastres', { mode: 'number' }).notNull(),
    codCollectedPiastres: bigint('cod_collected_piastres', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    exception: text('exception'),
    // what staff asked, so a request made again is the same request
    packageType: text('package_type').$type<PackageType>().notNull().default('parcel'),
    notes: text('notes').notNull().default(''),
    allowOpening: boolean('allow_opening').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_open_order_key').on(t.orderId).where(sql`${t.state} <> 'ended'`),
    index('shipments_order_idx').on(t.orderId),
    uniqueIndex('shipments_reference_key').on(t.courier, t.reference),
    uniqueIndex('shipments_tracking_key').on(t.courier, t.trackingNumber),
    // the job that asks the courier about parcels not yet final reads only those
    index('shipments_open_idx').on(t.updatedAt).where(sql`${t.state} not in ('delivered', 'returned', 'ended')`),
    // the cash report reads the delivered ones of a range
    index('shipments_delivered_at_idx').on(t.deliveredAt).where(sql`${t.deliveredAt} is not null`),
    check('shipments_state_check', sql.raw(`"state" in (${SHIPMENT_STATES.map((state) => `'${state}'`).join(', ')})`)),
  ],
);

// Each word of a courier about a parcel, once (PRODUCT section 9): a webhook delivered twice, or the job's inquiry
// finding what a webhook already said, adds nothing.
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    courier: text('courier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    code: integer('code').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'shipment_events_pk', columns: [t.courier, t.trackingNumber, t.code, t.at] })],
);

/** A returned line as the return keeps it: which line of the order, what it was, why, and its part of the refund. */
export interface ReturnLineRow {
  /** the line's index in the order's lines */
  line: number;
  product: string;
  name: string;
  nameAr?: string;
  size: string;
  quantity: number;
  reason: ReturnReason;
  exchangeSize?: string;
  refundPiastres: number;
  /** the exchange's new size was taken from its stock when the return was approved */
  exchangeHeld?: boolean;
}

// Returns and exchanges (PRODUCT section 9, migration 0061, decision 065): one row per return, its number from its own
// sequence as orders' are, its lines a snapshot, the money's way back and each step.
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).generatedByDefaultAsIdentity({ startWith: 1001 }).notNull(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<ReturnKind>().notNull(),
    status: text('status').$type<ReturnStatus>().notNull().default('requested'),
    lines: jsonb('lines').$type<ReturnLineRow[]>().notNull(),
    note: text('note').notNull().default(''),
    refundPiastres: bigint('refund_piastres', { mode: 'number' }).notNull().default(0),
    refundStatus: text('refund_status').$type<RefundStatus>().notNull().default('none'),
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    refundMethod: text('refund_method').$type<RefundMethod>(),
    refundReference: text('refund_reference'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    restocked: boolean('restocked'),
    history: jsonb('history').$type<ReturnChange[]>().notNull().default([]),
    createdAt: createdAt(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('returns_number_key').on(t.number),
    index('returns_order_idx').on(t.orderId, t.createdAt),
    index('returns_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('returns_created_at_idx').on(t.createdAt, t.id),
    index('returns_refund_due_idx').on(t.refundDueAt, t.id).where(sql`${t.refundStatus} = 'due'`),
    check('returns_kind_check', sql`${t.kind} in ('refund', 'exchange')`),
    check('returns_status_check', sql`${t.status} in ('requested', 'approved', 'rejected', 'received', 'closed')`),
    check('returns_refund_status_check', sql`${t.refundStatus} in ('none', 'pending', 'due', 'refunded')`),
  ],
);

// Delivery by governorate (PRODUCT section 8): a governorate without a row costs the default (DEFAULT_DELIVERY).
export const shippingRates = pgTable(
  'shipping_rates',
  {
    governorate: text('governorate').$type<Governorate>().primaryKey(),
    feePiastres: integer('fee_piastres').notNull(),
    codFeePiastres: integer('cod_fee_piastres').notNull(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    freeOverPiastres: integer('free_over_piastres'),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [
    check('shipping_rates_amounts_check', sql`${t.feePiastres} >= 0 and ${t.codFeePiastres} >= 0 and (${t.freeOverPiastres} is null or ${t.freeOverPiastres} > 0)`),
    check('shipping_rates_days_check', sql`0 <= ${t.minDays} and ${t.minDays} <= ${t.maxDays}`),
  ],
);

// Discount codes (PRODUCT section 8). `uses` is raised in the transaction that writes the order, by a conditional
// UPDATE, so `max_uses` holds under concurrency (decision 037).
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    kind: text('kind').$type<CouponKind>().notNull(),
    // a percent (1-100), or piastres for 'fixed'; 0 for free delivery
    value: integer('value').notNull(),
    minSubtotalPiastres: integer('min_subtotal_piastres').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    active: boolean('active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(sql`upper(${t.code})`),
    check('coupons_kind_check', sql.raw(`kind in (${COUPON_KINDS.map((kind) => `'${kind}'`).join(', ')})`)),
    check('coupons_uses_check', sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`),
  ],
);

// The code a customer applied to their server cart (PRODUCT section 8, PUT /api/cart/coupon).
export const cartCoupons = pgTable('cart_coupons', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
});

// Each order's lines as the sales report counts them (decision 042): one narrow row per line, written and kept in step
// by the triggers of migration 0015 (a placed order's lines, a moved order's status), so the report's top products and
// sizes of a range are read from one index, not from every order's whole snapshot.
export const orderSales = pgTable(
  'order_sales',
  {
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    product: text('product').notNull(),
    size: text('size').notNull(),
    name: text('name'),
    nameAr: text('name_ar'),
    quantity: integer('quantity').notNull(),
    unitPiastres: bigint('unit_piastres', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.line] }),
    // INCLUDE (status, product, size, quantity, unit_piastres, name, name_ar) in migration 0015: the report reads the index alone
    index('order_sales_created_at_idx').on(t.createdAt),
  ],
);

// A customer's review of a product she received (PRODUCT section 8, "Reviews"): one per customer and product.
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    // null once its author erased her account: the review stays, by "Former customer" (PRODUCT section 9)
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    fit: text('fit').$type<ReviewFit>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    index('reviews_product_created_at_idx').on(t.productId, t.createdAt.desc(), t.id.desc()),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_fit_check', sql`${t.fit} in ('small', 'true', 'large')`),
  ],
);

// A shopper's ask to be told when a sold-out size is back (PRODUCT section 8, decision 040): one waiting ask per
// shopper, product and size; `notified_at` is set in the transaction of the job that mailed it. The mail is in the
// language of the ask (decision 018).
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    lang: text('lang').$type<'en' | 'ar'>().notNull().default('en'),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    // the waiting asks of a product's sizes, read by every stock change that may bring one back
    uniqueIndex('back_in_stock_requests_waiting_key').on(t.productId, t.size, t.userId).where(sql`${t.notifiedAt} is null`),
    index('back_in_stock_requests_user_idx').on(t.userId),
    check('back_in_stock_requests_lang_check', sql`${t.lang} in ('en', 'ar')`),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    // the placed order, answered again to a retry with the same key
    responseBody: jsonb('response_body').$type<Order>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * A Paymob checkout's Idempotency-Key (decision 044): the answer of the checkout it started, given again to a retry
 * with the same key and body, so a double submit or a retry after a lost answer opens no second order. A guest is
 * known by their email, a customer by their id.
 */
export const checkoutKeys = pgTable(
  'checkout_keys',
  {
    // `user:<id>` or `guest:<email, lower case>`
    buyer: text('buyer').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    // the order and what the browser pays it with, without a guest's token (derived again from the order's id); written
    // by the transaction that claimed the key, so a committed row always has it
    answer: jsonb('answer').$type<CheckoutAnswer>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.buyer, t.key] })],
);

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    // null for a guest's Paymob payment (its order says who)
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // Paymob's: the order written before it, the way, the Paymob order its intention opened (a transaction moves or
    // is given back for this order only when Paymob says it is of that one; decision 050), and the transaction that
    // paid it (refunds and voids name it; one transaction pays one payment)
    orderId: uuid('order_id'),
    // the reference its intention was opened with (Paymob's special_reference, given back as merchant_order_id): null
    // for an order's first payment, whose reference is the order's id; "<order id>.<n>" for another way chosen on
    // the order's page (modules/orders/pay-again.ts)
    reference: text('reference'),
    method: text('method').$type<PaymobMethod>(),
    paymobOrderId: text('paymob_order_id'),
    transactionId: text('transaction_id'),
    amountPiastres: bigint('amount_piastres', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('egp'),
    status: text('status').$type<'requires_payment_method' | 'succeeded' | 'failed' | 'refunding' | 'refunded'>().notNull(),
    clientSecret: text('client_secret').notNull(),
    failureMessage: text('failure_message'),
    /** Tries of the refund job so far (modules/payments/refunds.ts): the first one's outcome is the cancel mail's. */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId),
    // an order may have several (another way chosen while it waited: migration 0045); its row names the current one
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_paymob_order_key').on(t.paymobOrderId),
    uniqueIndex('payments_transaction_key').on(t.transactionId),
  ],
);

export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
});

// The WhatsApp messages the shop has heard from Meta's webhook (PRODUCT section 9, migration 0041): Meta may deliver
// one more than once, and a button's answer is applied once, in the transaction that records its id. Only Meta's
// opaque id (wamid.…): no phone, no text.
export const whatsappMessages = pgTable('whatsapp_messages', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
});

// A password reset link's token, kept only as its SHA-256 (the token itself is 32 random bytes, so a fast hash is
// enough). Taking one deletes it, and a reset deletes every other token of the account.
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

// The brand's settings (PRODUCT section 8): one row, the settings as one JSON document (decision 029). The migration
// makes the row with `{}`, which reads as the defaults; a save writes the whole settings.
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').$type<Partial<Settings>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shop_settings_one_row', sql`${t.id} = 1`)],
);

// A two-step sign-in's one-time recovery codes, kept as their SHA-256 (each is 50 random bits): a use deletes it.
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [primaryKey({ name: 'recovery_codes_pk', columns: [t.userId, t.codeHash] })],
);

/**
 * Every consent given or withdrawn (PRODUCT section 9): an account's, or a guest's with her order. The newest row of a
 * purpose is the consent now (modules/accounts/consents.ts, `hasConsent`); none is no consent.
 */
export const consentLog = pgTable(
  'consent_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<ConsentPurpose>().notNull(),
    granted: boolean('granted').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    version: text('version').notNull(),
  },
  (t) => [
    index('consent_log_user_idx').on(t.userId, t.purpose, t.at.desc()).where(sql`${t.userId} is not null`),
    index('consent_log_order_idx').on(t.orderId, t.purpose, t.at.desc()).where(sql`${t.orderId} is not null`),
    check('consent_log_purpose_check', sql.raw(`purpose in (${CONSENT_PURPOSES.map((purpose) => `'${purpose}'`).join(', ')})`)),
    check('consent_log_whose_check', sql`(${t.userId} is null) <> (${t.orderId} is null)`),
  ],
);

// Each sign-in of an account (PRODUCT section 9): hers to see and take; kept 90 days (modules/accounts/sign-ins.ts).
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    method: text('method').$type<SignIn['method']>().notNull(),
  },
  (t) => [index('sign_ins_user_at_idx').on(t.userId, t.at.desc()), check('sign_ins_method_check', sql`${t.method} in ('password', 'code', 'recovery-code')`)],
);

export const schema = { users, passwordResetTokens, shopSettings, categories, products, productCounts, productSizes, cartItems, wishlistItems, orders, reviews, idempotencyKeys, payments, processedWebhookEvents };

// Every read names these columns, so the search vector never leaves the database; the sizes come along, in the
// admin's order, from one correlated subquery on the primary key.
const { searchVector: _searchVector, ...productColumnsWithoutSearch } = getTableColumns(products);
export const productSizesOf = sql<SizeStock[]>`(select coalesce(json_agg(json_build_object('size', ps.size, 'stock', ps.stock) order by ps.position), '[]'::json) from product_sizes ps where ps.product_id = ${products.id})`;
export const productColumns = { ...productColumnsWithoutSearch, sizes: productSizesOf };

/**
 * Who changed what from the dashboard (PRODUCT section 8), written in the transaction of the change itself: one row per
 * change, with what the changed fields were before and after. The actor's name is kept with it (a user renamed later
 * still reads as who they were).
 */
export const auditEntries = pgTable(
  'audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username').notNull(),
    entity: text('entity').$type<AuditEntity>().notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('audit_at_idx').on(t.at.desc(), t.id.desc()), index('audit_entity_at_idx').on(t.entity, t.at.desc(), t.id.desc())],
);

/**
 * The job queue's jobs as a backup carried them (decision 025): a restore writes them here, in the shop's own schema
 * (the queue's tables are graphile-worker's, made by the runner when the restored shop starts), and that start hands
 * them to the queue and empties this table (plugins/app/jobs.ts). A refund owed or a mail due when the backup was
 * taken is so not lost to a restore; one done since is asked again, as any job may be (each is safe to run twice).
 */
export const restoredJobs = pgTable('restored_jobs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  task: text('task').notNull(),
  payload: jsonb('payload').notNull(),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
  key: text('key'),
  attempts: integer('attempts').notNull(),
  maxAttempts: integer('max_attempts').notNull(),
  lastError: text('last_error'),
});
