// Where each call of the API lives and who may make it: the half of the contract that has no zod in it, so the
// storefront's first load can address every call without carrying the schemas. `endpoints.ts` adds the shapes.
// 'staff': the shop's staff and its admins (PRODUCT section 8: orders and products); 'admin': admins alone.
export type Access = 'public' | 'signed-in' | 'staff' | 'admin';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: `/api/${string}`;
  access: Access;
}

export const routes = {
  health: { method: 'GET', path: '/api/health', access: 'public' },
  ready: { method: 'GET', path: '/api/ready', access: 'public' },
  publicConfig: { method: 'GET', path: '/api/config', access: 'public' },

  login: { method: 'POST', path: '/api/auth/login', access: 'public' },
  register: { method: 'POST', path: '/api/auth/register', access: 'public' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password', access: 'public' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password', access: 'public' },
  // the second step of a sign-in with two-step sign-in on (PRODUCT section 9)
  twoFactorLogin: { method: 'POST', path: '/api/auth/2fa', access: 'public' },

  listProducts: { method: 'GET', path: '/api/products', access: 'public' },
  shopProducts: { method: 'GET', path: '/api/products/shop', access: 'public' },
  productFacets: { method: 'GET', path: '/api/products/facets', access: 'public' },
  bestsellers: { method: 'GET', path: '/api/products/bestsellers', access: 'public' },
  getProduct: { method: 'GET', path: '/api/products/:x', access: 'public' },
  relatedProducts: { method: 'GET', path: '/api/products/:x/related', access: 'public' },
  productReviews: { method: 'GET', path: '/api/products/:x/reviews', access: 'public' },
  addReview: { method: 'POST', path: '/api/products/:x/reviews', access: 'signed-in' },
  myReview: { method: 'GET', path: '/api/products/:x/reviews/mine', access: 'signed-in' },
  deleteReview: { method: 'DELETE', path: '/api/reviews/:id', access: 'signed-in' },
  notifyBackInStock: { method: 'POST', path: '/api/products/:x/notify', access: 'signed-in' },
  addProduct: { method: 'POST', path: '/api/products/add-product', access: 'admin' },
  updateProduct: { method: 'PUT', path: '/api/products/update/:x', access: 'staff' },
  deleteProduct: { method: 'DELETE', path: '/api/products/delete/:x', access: 'admin' },

  listCategories: { method: 'GET', path: '/api/categories', access: 'public' },
  addCategory: { method: 'POST', path: '/api/categories/add-category', access: 'admin' },
  updateCategory: { method: 'PUT', path: '/api/categories/update/:id', access: 'admin' },
  deleteCategory: { method: 'DELETE', path: '/api/categories/delete/:id', access: 'admin' },

  listUsers: { method: 'GET', path: '/api/users', access: 'admin' },
  getProfile: { method: 'GET', path: '/api/users/profile/:x', access: 'signed-in' },
  getWishlist: { method: 'GET', path: '/api/users/profile/wishlist/:userId', access: 'signed-in' },
  toggleWishlist: { method: 'PUT', path: '/api/users/wishlist', access: 'signed-in' },
  updateProfile: { method: 'PUT', path: '/api/users/profile/update/:id', access: 'signed-in' },
  changePassword: { method: 'PUT', path: '/api/users/password', access: 'signed-in' },
  setRole: { method: 'PUT', path: '/api/users/:id/role', access: 'admin' },
  // privacy (PRODUCT section 9): her data, her consents, two-step sign-in
  exportAccount: { method: 'GET', path: '/api/users/me/export', access: 'signed-in' },
  deleteAccount: { method: 'DELETE', path: '/api/users/me', access: 'signed-in' },
  getConsents: { method: 'GET', path: '/api/users/me/consents', access: 'signed-in' },
  updateConsents: { method: 'PUT', path: '/api/users/me/consents', access: 'signed-in' },
  startTwoFactor: { method: 'POST', path: '/api/users/me/2fa', access: 'signed-in' },
  enableTwoFactor: { method: 'POST', path: '/api/users/me/2fa/enable', access: 'signed-in' },
  disableTwoFactor: { method: 'DELETE', path: '/api/users/me/2fa', access: 'signed-in' },
  resetTwoFactor: { method: 'DELETE', path: '/api/users/:id/2fa', access: 'admin' },

  getCart: { method: 'GET', path: '/api/cart', access: 'signed-in' },
  addToCart: { method: 'POST', path: '/api/cart/add-cart', access: 'signed-in' },
  updateCartItem: { method: 'PUT', path: '/api/cart/update/:id', access: 'signed-in' },
  deleteCartItem: { method: 'DELETE', path: '/api/cart/delete/:id', access: 'signed-in' },
  clearCart: { method: 'DELETE', path: '/api/cart/delete-all-cart', access: 'signed-in' },
  // the price of a cart, discount codes, a guest's cart (PRODUCT section 8)
  cartSummary: { method: 'GET', path: '/api/cart/summary', access: 'signed-in' },
  cartQuote: { method: 'POST', path: '/api/cart/quote', access: 'public' },
  applyCoupon: { method: 'PUT', path: '/api/cart/coupon', access: 'signed-in' },
  removeCoupon: { method: 'DELETE', path: '/api/cart/coupon', access: 'signed-in' },
  mergeCart: { method: 'POST', path: '/api/cart/merge', access: 'signed-in' },

  placeOrder: { method: 'POST', path: '/api/orders/new-order', access: 'signed-in' },
  createPayment: { method: 'POST', path: '/api/orders/payment', access: 'signed-in' },
  listOrders: { method: 'GET', path: '/api/orders', access: 'staff' },
  getOrder: { method: 'GET', path: '/api/orders/single/:orderId', access: 'signed-in' },
  userOrders: { method: 'GET', path: '/api/orders/:userId', access: 'signed-in' },
  // an admin cancels any order; a customer their own while it is accepted (PRODUCT section 7)
  cancelOrder: { method: 'PUT', path: '/api/orders/cancel/:id', access: 'signed-in' },
  moveOrder: { method: 'PUT', path: '/api/orders/status/:id', access: 'staff' },
  guestOrder: { method: 'POST', path: '/api/orders/guest', access: 'public' },
  // an order written before it is paid, through Paymob (PRODUCT section 4): a customer with a token, or a guest
  checkout: { method: 'POST', path: '/api/orders/checkout', access: 'public' },
  getGuestOrder: { method: 'GET', path: '/api/orders/guest/:id', access: 'public' },
  // finishing an order awaiting its Paymob payment from its page (issue 42): its customer with a token, or a guest's token
  payOrder: { method: 'POST', path: '/api/orders/:id/pay', access: 'public' },
  claimGuestOrder: { method: 'POST', path: '/api/orders/guest/:id/account', access: 'public' },
  // confirming a cash order before it ships (PRODUCT section 9): staff log a call; the shopper answers the mail's link
  logConfirmation: { method: 'POST', path: '/api/orders/:id/confirmation', access: 'staff' },
  confirmOrder: { method: 'POST', path: '/api/orders/:id/confirm', access: 'public' },
  getConfirmOrder: { method: 'GET', path: '/api/orders/:id/confirm', access: 'public' },
  // shipping with a courier (PRODUCT section 9, Bosta first): staff send orders, print waybills, book pickups; the
  // courier's webhook tells the shop where each parcel is
  createShipment: { method: 'POST', path: '/api/orders/:id/shipment', access: 'staff' },
  shipmentWaybill: { method: 'GET', path: '/api/orders/:id/shipment/waybill', access: 'staff' },
  createShipments: { method: 'POST', path: '/api/shipments', access: 'staff' },
  requestPickup: { method: 'POST', path: '/api/shipments/pickup', access: 'staff' },
  courierWebhook: { method: 'POST', path: '/api/shipping/:courier/webhook', access: 'public' },
  codReport: { method: 'GET', path: '/api/reports/cod', access: 'admin' },
  // returns and exchanges (PRODUCT section 9): the order's customer (her token) or its guest (X-Order-Token) asks and
  // reads; staff decide and record a cash refund
  requestReturn: { method: 'POST', path: '/api/orders/:id/returns', access: 'public' },
  orderReturns: { method: 'GET', path: '/api/orders/:id/returns', access: 'public' },
  listReturns: { method: 'GET', path: '/api/returns', access: 'staff' },
  decideReturn: { method: 'PUT', path: '/api/returns/:id', access: 'staff' },
  recordReturnRefund: { method: 'PUT', path: '/api/returns/:id/refund', access: 'staff' },

  // delivery by governorate and discount codes (PRODUCT section 8)
  getShipping: { method: 'GET', path: '/api/shipping', access: 'public' },
  updateShipping: { method: 'PUT', path: '/api/shipping', access: 'admin' },
  listCoupons: { method: 'GET', path: '/api/coupons', access: 'admin' },
  addCoupon: { method: 'POST', path: '/api/coupons', access: 'admin' },
  updateCoupon: { method: 'PUT', path: '/api/coupons/:id', access: 'admin' },
  deleteCoupon: { method: 'DELETE', path: '/api/coupons/:id', access: 'admin' },

  confirmSandboxPayment: { method: 'POST', path: '/api/payments/sandbox/confirm', access: 'signed-in' },
  stripeWebhook: { method: 'POST', path: '/api/payments/webhook', access: 'public' },
  paymobCallback: { method: 'POST', path: '/api/payments/paymob/callback', access: 'public' },
  paymobReturn: { method: 'GET', path: '/api/payments/paymob/return', access: 'public' },
  // any provider's by its name (the two above are Stripe's and Paymob's, kept for the addresses they were given)
  paymentWebhook: { method: 'POST', path: '/api/payments/:provider/webhook', access: 'public' },
  paymentReturn: { method: 'GET', path: '/api/payments/:provider/return', access: 'public' },
  // WhatsApp Cloud API's webhook (PRODUCT section 9): Meta's subscription check, then its signed notifications
  whatsappVerify: { method: 'GET', path: '/api/whatsapp/webhook', access: 'public' },
  whatsappWebhook: { method: 'POST', path: '/api/whatsapp/webhook', access: 'public' },

  // the brand's own shop (PRODUCT section 8)
  getSettings: { method: 'GET', path: '/api/settings', access: 'public' },
  updateSettings: { method: 'PUT', path: '/api/settings', access: 'admin' },
  uploadLogo: { method: 'POST', path: '/api/settings/logo', access: 'admin' },
  // where shoppers are (PRODUCT section 9): the feeds, Meta, the reminders of carts left behind
  marketingStatus: { method: 'GET', path: '/api/marketing', access: 'admin' },

  // the job queue's jobs that used up their tries (decision 026)
  failedJobs: { method: 'GET', path: '/api/jobs/failed', access: 'admin' },
  retryJob: { method: 'POST', path: '/api/jobs/:id/retry', access: 'admin' },

  // the owner's desk (PRODUCT section 8)
  salesReport: { method: 'GET', path: '/api/reports/sales', access: 'admin' },
  listAudit: { method: 'GET', path: '/api/audit', access: 'admin' },
  exportOrders: { method: 'GET', path: '/api/orders/export.csv', access: 'admin' },
  exportProducts: { method: 'GET', path: '/api/products/export.csv', access: 'admin' },
  importProducts: { method: 'POST', path: '/api/products/import', access: 'admin' },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

/** The address of a call: `:name` segments filled in (encoded), then the query without its empty values. */
export function pathOf(
  route: Route,
  params: Record<string, string> = {},
  query: Record<string, string | number | boolean | null | undefined> = {},
): string {
  const path = route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path} needs its ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}
