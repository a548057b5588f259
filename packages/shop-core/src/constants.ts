export const CURRENCY = 'EGP';
export const SHIPPING_PIASTRES = 3000;
/** A governorate's delivery until the owner changes it (PRODUCT section 8): SPEC's EGP 30, no cash fee, 2 to 5 days. */
export const DEFAULT_DELIVERY = { feePiastres: SHIPPING_PIASTRES, codFeePiastres: 0, minDays: 2, maxDays: 5, freeOverPiastres: null, enabled: true } as const;
/** The kinds of discount code (PRODUCT section 8): a percent of the subtotal, a fixed amount, or free delivery. */
export const COUPON_KINDS = ['percent', 'fixed', 'free-shipping'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const PASSWORD_MIN_LENGTH = 8;
export const HOME_PRODUCT_COUNT = 10;
export const PRODUCT_NAME_DISPLAY_LIMIT = 40;
export const RELATED_PRODUCTS_LIMIT = 3;
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 99;
/**
 * What an order without an account may hold (decision 051): pieces of one size, and pieces in all, counted after its
 * lines are merged. A guest who wants more signs in; a customer's order keeps SPEC's 1 to 99 a line.
 */
export const GUEST_LINE_PIECES_MAX = 10;
export const GUEST_ORDER_PIECES_MAX = 20;
export const DISCOUNT_MIN = 0;
export const DISCOUNT_MAX = 99;
export const PAGE_LIMIT_DEFAULT = 100;
export const PAGE_LIMIT_MAX = 100;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGES_PER_PRODUCT_MAX = 8;
export const SESSION_COOKIE = 'userInfoDetailsAfterLoginPage';
export const TOAST_AUTO_CLOSE_MS = 5000;
export const SCROLL_TOP_THRESHOLD_PX = 89;

export const GENDERS = ['men', 'women'] as const;
export type Gender = (typeof GENDERS)[number];

export const PAYMENT_WAYS = ['cash', 'credit'] as const;
export type PaymentWay = (typeof PAYMENT_WAYS)[number];

/** How a shopper pays through Paymob (PRODUCT section 4): a card (Visa, Mastercard, Meeza), a mobile wallet, a kiosk reference. */
export const PAYMOB_METHODS = ['card', 'wallet', 'kiosk'] as const;
export type PaymobMethod = (typeof PAYMOB_METHODS)[number];

/** Who an account is (PRODUCT section 8): a customer, staff (orders and products in the dashboard), or the admin. */
export const ROLES = ['customer', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** What the audit trail records changes of (PRODUCT section 8: order moves, products with their price and stock, categories, settings, roles). */
export const AUDIT_ENTITIES = ['order', 'product', 'category', 'settings', 'user', 'coupon', 'shipping', 'review', 'job'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Egypt's 27 governorates, Cairo (the checkout's default) first; SPEC's list of 26 misses Gharbia. */
export const GOVERNORATES = [
  'Cairo', 'Alexandria', 'Aswan', 'Asyut', 'Beheira', 'Beni Suef', 'Dakahlia', 'Damietta', 'Faiyum', 'Gharbia',
  'Giza', 'Ismailia', 'Kafr El Sheikh', 'Luxor', 'Matruh', 'Minya', 'Monufia', 'New Valley', 'North Sinai',
  'Port Said', 'Qalyubia', 'Qena', 'Red Sea', 'Sharqia', 'Sohag', 'South Sinai', 'Suez',
] as const;
export type Governorate = (typeof GOVERNORATES)[number];


/** The sizes a product may have, in the order the shop lists them: clothes, shoes, or one size. */
export const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const SHOE_SIZES = ['38', '39', '40', '41', '42', '43', '44', '45'] as const;
export const ONE_SIZE = 'One size';
export const SIZES = [...CLOTHING_SIZES, ...SHOE_SIZES, ONE_SIZE] as const;
export type Size = (typeof SIZES)[number];
/** A size with this many pieces or fewer left (and more than none) is "Low stock" in the admin's list. */
export const LOW_STOCK_MAX = 3;
export const STOCK_MAX = 1_000_000;

/** The shop listing's sorts (PRODUCT section 8): prices as paid, after the product's discount. */
export const SHOP_SORTS = ['newest', 'price-asc', 'price-desc', 'discount'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

/** What a shopper may consent to (PRODUCT section 9, "Privacy"): each unticked until she ticks it. */
export const CONSENT_PURPOSES = ['marketingEmail', 'marketingWhatsapp', 'analytics'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
/**
 * The browser's note of its shopper's analytics consent (`1`), set where she ticks it and cleared where she withdraws
 * it: the server adds Meta's pixel to a page only with it (decision 062). The consent itself is the consent log's.
 */
export const ANALYTICS_COOKIE = 'shop_analytics';

/**
 * Egypt's Consumer Protection Law 181/2018: 14 days from delivery to return an order. Until the returns settings exist
 * (issue 46) this is the window `isStillReturnable` (order-status.ts) reads.
 */
export const RETURN_DAYS_BY_LAW = 14;

/** How many one-time recovery codes two-step sign-in gives (PRODUCT section 9). */
export const RECOVERY_CODES = 10;
