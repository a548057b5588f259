// The wire contract, one entry per call: its route (routes.ts), what it takes and answers, and every error
// status it can give. The API registers its routes from these, /api/openapi.json is generated from them, and the
// storefront's and the tests' clients take their types from them. A new field is added to a schema once, here.
import { z } from 'zod';
import { routes, type Route, type RouteName } from './routes.ts';
import {
  AddCartBodySchema, AddCategoryBodySchema, ChangePasswordAnswerSchema, ChangePasswordBodySchema, ForgotPasswordBodySchema, ResetPasswordBodySchema, CartItemSchema, CategorySchema, IdSchema, LoginAnswerSchema, LoginBodySchema,
  MessageSchema, NewOrderBodySchema, OrderListQuerySchema, OrderSchema, OrderStatusBodySchema, PageQuerySchema, ProductListQuerySchema, PaymentAnswerSchema, ProductFieldsSchema, ProductSchema,
  ProfileUpdateBodySchema, PublicConfigSchema, RoleBodySchema, SalesQuerySchema, SalesReportSchema, AuditEntrySchema, AuditQuerySchema, OrdersExportQuerySchema, RegisterBodySchema, SandboxConfirmAnswerSchema, SandboxConfirmBodySchema,
  FailedJobSchema, ImportAnswerSchema, ImportFormSchema, ImportQuerySchema, ImportRefusalSchema, LogoFormSchema, SettingsChangeSchema, SettingsSchema, ShopQuerySchema, FacetsQuerySchema, UpdateCategoryBodySchema, ReviewBodySchema, ReviewSchema, MyReviewSchema, NotifyBodySchema, NotifyAnswerSchema, FacetsSchema, UpdateCartBodySchema, UpdateProductBodySchema, UserSchema, UserWithWishlistSchema,
  WishlistToggleBodySchema, CartSummarySchema, CartSummaryQuerySchema, QuoteBodySchema, CartCouponBodySchema, MergeCartBodySchema, GuestOrderBodySchema,
  GuestAccountBodySchema, CheckoutBodySchema, CheckoutAnswerSchema, ShippingRateSchema, ShippingTableBodySchema, CouponBodySchema, CouponSchema, GovernorateSchema,
} from './schemas.ts';

/** Statuses an endpoint answers with `{ message }`, beyond the ones its access and inputs imply. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

export interface Endpoint extends Route {
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request bodies read by the route itself (multipart forms, signed raw bytes) instead of validated up front. */
  consumes?: readonly string[];
  /** 303: the call sends the browser on (Paymob's return) */
  status: 200 | 201 | 303;
  answer: z.ZodType;
  /** Lists report their full count in `X-Total-Count`. */
  counted?: true;
  errors: readonly ErrorStatus[];
  /** The 400's answer when it says more than `{ message }` (an import's bad cells). */
  refusal?: z.ZodType;
}

const withMessage = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) => schema.extend({ message: z.string() });
const StatusSchema = z.object({ status: z.string() });
const ReadySchema = StatusSchema.extend({
  // with REDIS_URL: 'away' while the shared rate-limit counters cannot be reached (each process counts its own)
  redis: z.enum(['up', 'away']).optional(),
});
const CsvSchema = z.string().meta({ description: 'UTF-8 CSV, starting with a byte order mark' });
const WebhookAnswerSchema = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });

const ProductParams = z.object({ x: IdSchema });
const IdParams = z.object({ id: IdSchema });
const UserIdParams = z.object({ userId: IdSchema });

/** The multipart add-product form (SPEC's), or the same fields as JSON: read and checked by the route. */
export const AddProductFormSchema = ProductFieldsSchema.extend({
  imageUrls: z.array(z.string()).optional(),
  files: z.array(z.string().meta({ format: 'binary' })).optional(),
});

function endpoint<const R extends Route, const S extends Omit<Endpoint, keyof Route>>(route: R, shape: S): R & S {
  return { ...route, ...shape };
}

export const endpoints = {
  health: endpoint(routes.health, { summary: 'The process is alive', status: 200, answer: StatusSchema, errors: [] }),
  ready: endpoint(routes.ready, {
    summary: 'The database answers and the process is not stopping (for load balancers)',
    status: 200,
    answer: ReadySchema,
    errors: [503],
  }),
  publicConfig: endpoint(routes.publicConfig, {
    summary: 'The active payment provider and its publishable key',
    status: 200,
    answer: PublicConfigSchema,
    errors: [],
  }),

  login: endpoint(routes.login, { summary: 'Log in', body: LoginBodySchema, status: 200, answer: LoginAnswerSchema, errors: [429] }),
  register: endpoint(routes.register, {
    summary: 'Create a customer account',
    body: RegisterBodySchema,
    status: 201,
    answer: MessageSchema,
    errors: [409, 429],
  }),
  forgotPassword: endpoint(routes.forgotPassword, {
    summary: 'Mail a password reset link, if the email has an account (the answer is the same either way)',
    body: ForgotPasswordBodySchema,
    status: 200,
    answer: MessageSchema,
    errors: [429],
  }),
  resetPassword: endpoint(routes.resetPassword, {
    summary: "Choose a new password with a reset link's token (single use, one hour); signs out every session",
    body: ResetPasswordBodySchema,
    status: 200,
    answer: MessageSchema,
    errors: [429],
  }),

  listProducts: endpoint(routes.listProducts, {
    summary: 'All products, newest first (stock=low: a size has 3 or fewer left; stock=sold-out: nothing left)',
    query: ProductListQuerySchema,
    status: 200,
    answer: z.array(ProductSchema),
    counted: true,
    errors: [],
  }),
  shopProducts: endpoint(routes.shopProducts, {
    summary:
      'Products by gender, category and search words, sizes in stock (size=M,L), colours, the price as paid (minPrice, maxPrice); ' +
      'sort=newest|price-asc|price-desc|discount (a search ranks its matches unless a sort is given)',
    query: ShopQuerySchema,
    status: 200,
    answer: z.array(ProductSchema),
    counted: true,
    errors: [],
  }),
  productFacets: endpoint(routes.productFacets, {
    summary: "The shop listing's sizes in stock, colours and price range, each counted under the other filters",
    query: FacetsQuerySchema,
    status: 200,
    answer: FacetsSchema,
    errors: [],
  }),
  getProduct: endpoint(routes.getProduct, {
    summary: 'One product, by id or name',
    params: ProductParams,
    status: 200,
    answer: ProductSchema,
    errors: [404],
  }),
  relatedProducts: endpoint(routes.relatedProducts, {
    summary: 'Up to 3 other products of the same category and gender',
    params: ProductParams,
    status: 200,
    answer: z.array(ProductSchema),
    errors: [404],
  }),
  productReviews: endpoint(routes.productReviews, {
    summary: "A product's reviews, newest first",
    params: ProductParams,
    query: PageQuerySchema,
    status: 200,
    answer: z.array(ReviewSchema),
    counted: true,
    errors: [404],
  }),
  addReview: endpoint(routes.addReview, {
    summary: 'Review a product the customer received (a delivered order of it), once',
    params: ProductParams,
    body: ReviewBodySchema,
    status: 201,
    answer: withMessage(ReviewSchema),
    errors: [403, 404, 409],
  }),
  myReview: endpoint(routes.myReview, {
    summary: "The caller's own review of the product, or null (one per customer and product)",
    params: ProductParams,
    status: 200,
    answer: MyReviewSchema,
    errors: [404],
  }),
  deleteReview: endpoint(routes.deleteReview, {
    summary: 'Remove a review (an admin, or its author)',
    params: IdParams,
    status: 200,
    answer: MessageSchema,
    errors: [403, 404],
  }),
  notifyBackInStock: endpoint(routes.notifyBackInStock, {
    summary: 'Be mailed once when a sold-out size of the product is back in stock (asking again changes nothing)',
    params: ProductParams,
    body: NotifyBodySchema,
    status: 200,
    answer: NotifyAnswerSchema,
    errors: [400, 404, 409],
  }),
  addProduct: endpoint(routes.addProduct, {
    summary: 'Add a product (multipart form with device files, or JSON with image links)',
    consumes: ['multipart/form-data', 'application/json'],
    body: AddProductFormSchema,
    status: 201,
    answer: withMessage(ProductSchema),
    errors: [409, 413, 415],
  }),
  updateProduct: endpoint(routes.updateProduct, {
    summary: 'Update a product, by id or name',
    params: ProductParams,
    body: UpdateProductBodySchema,
    status: 200,
    answer: withMessage(ProductSchema),
    errors: [404, 409],
  }),
  deleteProduct: endpoint(routes.deleteProduct, {
    summary: 'Delete a product (orders keep their snapshots)',
    params: ProductParams,
    status: 200,
    answer: MessageSchema,
    errors: [404],
  }),

  listCategories: endpoint(routes.listCategories, {
    summary: 'Every category of both genders',
    status: 200,
    answer: z.array(CategorySchema),
    errors: [],
  }),
  addCategory: endpoint(routes.addCategory, {
    summary: 'Add a category',
    body: AddCategoryBodySchema,
    status: 201,
    answer: withMessage(CategorySchema),
    errors: [409],
  }),
  updateCategory: endpoint(routes.updateCategory, {
    summary: "Change a category's Arabic title or size guide (its title and gender stay)",
    params: IdParams,
    body: UpdateCategoryBodySchema,
    status: 200,
    answer: withMessage(CategorySchema),
    errors: [404],
  }),
  deleteCategory: endpoint(routes.deleteCategory, {
    summary: 'Delete a category no product uses',
    params: IdParams,
    status: 200,
    answer: MessageSchema,
    errors: [404, 409],
  }),

  listUsers: endpoint(routes.listUsers, {
    summary: 'Every account, newest first',
    query: PageQuerySchema,
    status: 200,
    answer: z.array(UserSchema),
    counted: true,
    errors: [],
  }),
  getProfile: endpoint(routes.getProfile, {
    summary: 'One account with its wishlist, by id or username (that user or an admin)',
    params: z.object({ x: IdSchema }),
    status: 200,
    answer: UserWithWishlistSchema,
    errors: [403, 404],
  }),
  getWishlist: endpoint(routes.getWishlist, {
    summary: 'One account with its wishlist (that user or an admin)',
    params: UserIdParams,
    status: 200,
    answer: UserWithWishlistSchema,
    errors: [403, 404],
  }),
  toggleWishlist: endpoint(routes.toggleWishlist, {
    summary: "Add a product to the caller's wishlist, or remove it",
    body: WishlistToggleBodySchema,
    status: 200,
    answer: withMessage(UserWithWishlistSchema),
    errors: [404],
  }),
  updateProfile: endpoint(routes.updateProfile, {
    summary: "Change the caller's username and email; a new email needs the current password, and the old address is told",
    params: IdParams,
    body: ProfileUpdateBodySchema,
    status: 200,
    answer: withMessage(UserSchema),
    errors: [403, 404, 409, 429],
  }),
  changePassword: endpoint(routes.changePassword, {
    summary: "Change the caller's password (the current one is asked); other sessions are signed out, this one gets a new token",
    body: ChangePasswordBodySchema,
    status: 200,
    answer: ChangePasswordAnswerSchema,
    errors: [429],
  }),

  setRole: endpoint(routes.setRole, {
    summary: "Make an account a customer, staff (the dashboard's orders and products) or an admin; the last admin cannot be demoted",
    params: IdParams,
    body: RoleBodySchema,
    status: 200,
    answer: withMessage(UserSchema),
    errors: [404, 409],
  }),

  getCart: endpoint(routes.getCart, { summary: "The caller's cart", status: 200, answer: z.array(CartItemSchema), errors: [] }),
  addToCart: endpoint(routes.addToCart, {
    summary: 'Add a product in a size to the cart (an existing line in that size grows)',
    body: AddCartBodySchema,
    status: 201,
    answer: withMessage(CartItemSchema),
    errors: [404, 409],
  }),
  updateCartItem: endpoint(routes.updateCartItem, {
    summary: "Set a cart line's quantity",
    params: IdParams,
    body: UpdateCartBodySchema,
    status: 200,
    answer: withMessage(CartItemSchema),
    errors: [404, 409],
  }),
  deleteCartItem: endpoint(routes.deleteCartItem, {
    summary: 'Remove a cart line',
    params: IdParams,
    status: 200,
    answer: MessageSchema,
    errors: [404],
  }),
  clearCart: endpoint(routes.clearCart, { summary: 'Empty the cart', status: 200, answer: MessageSchema, errors: [] }),

  cartSummary: endpoint(routes.cartSummary, {
    summary: "What the caller's cart costs delivered to a governorate (Cairo when left out), paid one way (cash when left out), with its code",
    query: CartSummaryQuerySchema,
    status: 200,
    answer: CartSummarySchema,
    errors: [400],
  }),
  cartQuote: endpoint(routes.cartQuote, {
    summary: "What a guest's lines cost delivered to a governorate, paid one way, with a code",
    body: QuoteBodySchema,
    status: 200,
    answer: CartSummarySchema,
    errors: [400, 404, 409, 429],
  }),
  applyCoupon: endpoint(routes.applyCoupon, {
    summary: "Apply a discount code to the caller's cart; answers the cart's price (Cairo, cash) or 400 with the reason",
    body: CartCouponBodySchema,
    query: CartSummaryQuerySchema,
    status: 200,
    answer: CartSummarySchema.extend({ message: z.string() }),
    errors: [400],
  }),
  removeCoupon: endpoint(routes.removeCoupon, {
    summary: "Take the discount code off the caller's cart",
    query: CartSummaryQuerySchema,
    status: 200,
    answer: CartSummarySchema.extend({ message: z.string() }),
    errors: [],
  }),
  mergeCart: endpoint(routes.mergeCart, {
    summary: "Add the lines of the cart kept in the browser (at login): a line already in the cart grows, up to its size's stock; lines that no longer exist are left out",
    body: MergeCartBodySchema,
    status: 200,
    answer: z.array(CartItemSchema),
    errors: [],
  }),
  getShipping: endpoint(routes.getShipping, {
    summary: 'Delivery by governorate: fee, cash fee, days, free-delivery threshold, on or off (27 rows)',
    status: 200,
    answer: z.array(ShippingRateSchema),
    errors: [],
  }),
  updateShipping: endpoint(routes.updateShipping, {
    summary: 'Replace the delivery table (a governorate left out goes back to the default); 400 names the bad row',
    body: ShippingTableBodySchema,
    status: 200,
    answer: z.array(ShippingRateSchema),
    errors: [],
  }),
  listCoupons: endpoint(routes.listCoupons, {
    summary: 'Every discount code, newest first, with its uses and the revenue of its delivered orders',
    status: 200,
    answer: z.array(CouponSchema),
    errors: [],
  }),
  addCoupon: endpoint(routes.addCoupon, { summary: 'Create a discount code', body: CouponBodySchema, status: 201, answer: withMessage(CouponSchema), errors: [409] }),
  updateCoupon: endpoint(routes.updateCoupon, {
    summary: 'Change a discount code (pause it with `active: false`)',
    params: IdParams,
    body: CouponBodySchema,
    status: 200,
    answer: withMessage(CouponSchema),
    errors: [404, 409],
  }),
  deleteCoupon: endpoint(routes.deleteCoupon, {
    summary: 'Delete a discount code (orders keep the code they used)',
    params: IdParams,
    status: 200,
    answer: MessageSchema,
    errors: [404],
  }),
  placeOrder: endpoint(routes.placeOrder, {
    summary: "Place an order for the caller's cart (honours Idempotency-Key)",
    body: NewOrderBodySchema,
    status: 201,
    answer: withMessage(OrderSchema),
    errors: [402, 409, 429],
  }),
  createPayment: endpoint(routes.createPayment, {
    summary: "Start a card payment for what the caller's cart costs delivered to `governorate` (Cairo when left out), with the cart's code or `couponCode`",
    body: z.object({ governorate: GovernorateSchema.optional(), couponCode: z.string().trim().max(40).optional() }).optional(),
    status: 200,
    answer: PaymentAnswerSchema,
    errors: [409, 429],
  }),
  guestOrder: endpoint(routes.guestOrder, {
    summary: "A guest's order from the lines of the browser's cart, paid in cash on delivery; answers its `guestToken` once (and mails the order's link)",
    body: GuestOrderBodySchema,
    status: 201,
    answer: withMessage(OrderSchema).extend({ guestToken: z.string() }),
    errors: [400, 409, 429],
  }),
  checkout: endpoint(routes.checkout, {
    summary:
      "Write an order awaiting its payment through Paymob (a customer's cart with a token, or a guest's `lines`), holding its pieces, and open Paymob's payment for its total; pay with `clientSecret` in Paymob's embedded checkout or at `checkoutUrl` (honours Idempotency-Key: a retry answers the same order)",
    body: CheckoutBodySchema,
    status: 201,
    answer: CheckoutAnswerSchema,
    errors: [400, 401, 404, 409, 429, 503],
  }),
  getGuestOrder: endpoint(routes.getGuestOrder, {
    summary: "A guest's order, read with its token in the `X-Order-Token` header",
    params: IdParams,
    status: 200,
    answer: OrderSchema,
    errors: [404, 429],
  }),
  claimGuestOrder: endpoint(routes.claimGuestOrder, {
    summary: "Make an account from a guest's order (its token in `X-Order-Token`, a password): the account owns the order and is signed in",
    params: IdParams,
    body: GuestAccountBodySchema,
    status: 201,
    answer: LoginAnswerSchema.extend({ message: z.string() }),
    errors: [404, 409, 429],
  }),
  listOrders: endpoint(routes.listOrders, {
    summary: 'Every order (or those in one status), newest first',
    query: OrderListQuerySchema,
    status: 200,
    answer: z.array(OrderSchema),
    counted: true,
    errors: [],
  }),
  getOrder: endpoint(routes.getOrder, {
    summary: "One order (its customer's, or for the shop's staff and admins)",
    params: z.object({ orderId: IdSchema }),
    status: 200,
    answer: OrderSchema,
    errors: [403, 404],
  }),
  userOrders: endpoint(routes.userOrders, {
    summary: "A customer's orders, newest first (that customer or an admin)",
    params: UserIdParams,
    status: 200,
    answer: z.array(OrderSchema),
    errors: [403, 404],
  }),
  cancelOrder: endpoint(routes.cancelOrder, {
    summary:
      "Cancel an order (an admin or staff: any accepted or shipped one; a customer: their own while accepted); refunds a paid card. Answers the desk the first page of all orders, a customer their own orders",
    params: IdParams,
    status: 200,
    answer: z.array(OrderSchema),
    counted: true,
    errors: [403, 404, 409, 429],
  }),
  moveOrder: endpoint(routes.moveOrder, {
    summary: 'Move an order to its next status (shipped, delivered or canceled); 409 names a move that is not allowed',
    params: IdParams,
    body: OrderStatusBodySchema,
    status: 200,
    answer: withMessage(OrderSchema),
    errors: [404, 409],
  }),

  confirmSandboxPayment: endpoint(routes.confirmSandboxPayment, {
    summary: "The sandbox provider's card confirmation",
    body: SandboxConfirmBodySchema,
    status: 200,
    answer: SandboxConfirmAnswerSchema,
    errors: [402, 404],
  }),
  stripeWebhook: endpoint(routes.stripeWebhook, {
    summary: "Stripe's signed payment events",
    consumes: ['application/json'],
    status: 200,
    answer: WebhookAnswerSchema,
    errors: [400, 404],
  }),

  paymobCallback: endpoint(routes.paymobCallback, {
    summary: "Paymob's transaction callback, signed with HMAC-SHA512 in `?hmac=`: an awaiting order is placed when paid, released when not",
    query: z.object({ hmac: z.string().max(200).optional() }),
    consumes: ['application/json'],
    status: 200,
    answer: WebhookAnswerSchema,
    errors: [400, 404],
  }),
  paymobReturn: endpoint(routes.paymobReturn, {
    summary: "Where Paymob sends the shopper back: the order is checked with Paymob (the address proves nothing) and the shopper goes on to the order's page",
    // ours (the address we gave Paymob: `shop_order`, a guest's `token`), and Paymob's `merchant_order_id` (our id as
    // well); the rest of what Paymob adds (its own `order` number, the transaction's fields) proves nothing and is not read
    query: z.object({ shop_order: z.string().max(100).optional(), merchant_order_id: z.string().max(100).optional(), token: z.string().max(200).optional() }),
    status: 303,
    answer: z.string().meta({ description: "empty; Location: the order's page" }),
    errors: [404],
  }),

  getSettings: endpoint(routes.getSettings, {
    summary: "The shop's name, logo, accent colour, contact, social links, announcement and page texts",
    status: 200,
    answer: SettingsSchema,
    errors: [],
  }),
  updateSettings: endpoint(routes.updateSettings, {
    summary: 'Change any of the settings (and any field of a group); answers them all. A colour too light to read is refused, naming its contrast',
    body: SettingsChangeSchema,
    status: 200,
    answer: withMessage(SettingsSchema),
    errors: [],
  }),
  uploadLogo: endpoint(routes.uploadLogo, {
    summary: "Upload the shop's logo (multipart `file`: PNG, JPEG, WebP, GIF or SVG, at most 5 MB); stored as a PNG, it becomes `logoUrl`",
    consumes: ['multipart/form-data'],
    body: LogoFormSchema,
    status: 200,
    answer: withMessage(SettingsSchema),
    errors: [413, 415],
  }),

  failedJobs: endpoint(routes.failedJobs, {
    summary: 'Jobs that used up their tries (an order mail, a refund), newest first',
    status: 200,
    answer: z.array(FailedJobSchema),
    errors: [],
  }),
  retryJob: endpoint(routes.retryJob, {
    summary: 'Try a failed job again now, with all its tries back',
    params: IdParams,
    status: 200,
    answer: z.object({ message: z.string() }),
    errors: [404],
  }),
  salesReport: endpoint(routes.salesReport, {
    summary:
      'Sales from one Cairo date to another (both included): each order counts on the day it was placed, by its status now; revenue is its totalPrice',
    query: SalesQuerySchema,
    status: 200,
    answer: SalesReportSchema,
    errors: [],
  }),
  listAudit: endpoint(routes.listAudit, {
    summary: 'Who changed what from the dashboard, newest first (order moves, products with their price and stock, categories, settings, roles)',
    query: AuditQuerySchema,
    status: 200,
    answer: z.array(AuditEntrySchema),
    counted: true,
    errors: [],
  }),
  exportOrders: endpoint(routes.exportOrders, {
    summary: 'The orders placed from one Cairo date to another (both included), in one status or all, as a spreadsheet (UTF-8 CSV with a BOM)',
    query: OrdersExportQuerySchema,
    status: 200,
    answer: CsvSchema,
    errors: [],
  }),
  exportProducts: endpoint(routes.exportProducts, {
    summary: 'Every product with its sizes and stock, as a spreadsheet (UTF-8 CSV with a BOM)',
    status: 200,
    answer: CsvSchema,
    errors: [],
  }),
  importProducts: endpoint(routes.importProducts, {
    summary:
      'Create or update products by name, with their sizes and stock, from a CSV file as the export writes it (multipart `file`). ' +
      '`dryRun=true` answers what it would do and every bad cell, writing nothing; otherwise every row is written, or none (400 with the bad cells)',
    query: ImportQuerySchema,
    consumes: ['multipart/form-data'],
    body: ImportFormSchema,
    status: 200,
    answer: ImportAnswerSchema,
    refusal: ImportRefusalSchema,
    errors: [413, 415],
  }),
} satisfies { [N in RouteName]: Endpoint };

export type EndpointName = keyof typeof endpoints;
type EndpointOf<N extends EndpointName> = (typeof endpoints)[N];
type Part<N extends EndpointName, K extends 'params' | 'query' | 'body', Side extends 'input' | 'output' = 'output'> =
  EndpointOf<N> extends { [P in K]: infer S extends z.ZodType } ? (Side extends 'input' ? z.input<S> : z.output<S>) : never;

/** What a call answers on success. */
export type AnswerOf<N extends EndpointName> = z.output<EndpointOf<N>['answer']>;
/** A call's path parameters, query and body, as the server reads them after validation. */
export type ParamsOf<N extends EndpointName> = Part<N, 'params'>;
export type QueryOf<N extends EndpointName> = Part<N, 'query'>;
export type BodyOf<N extends EndpointName> = Part<N, 'body'>;
/** What a client may send as a call's path parameters, query or body: its schema's input side (before coercion and defaults). */
export type InputOf<N extends EndpointName, K extends 'params' | 'query' | 'body'> = Part<N, K, 'input'>;
export type CountedEndpointName = { [N in EndpointName]: EndpointOf<N> extends { counted: true } ? N : never }[EndpointName];

/** Every status a call can answer besides its success: its own, plus what its inputs and access imply. */
export function errorStatuses(endpoint: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors);
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.consumes) statuses.add(400);
  if (endpoint.access !== 'public') statuses.add(401);
  if (endpoint.access === 'admin' || endpoint.access === 'staff') statuses.add(403);
  if (endpoint.body || endpoint.consumes) {
    statuses.add(413); // over the size limit
    statuses.add(415); // a content type the API does not read
  }
  statuses.add(500);
  if (endpoint !== endpoints.health) statuses.add(503); // the database is unreachable
  return [...statuses].sort((a, b) => a - b);
}
