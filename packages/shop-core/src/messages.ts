// Sentences the shopper or admin reads. The wire contract and the UI both use these.
import { FIRST_SCREEN_MESSAGES } from './first-screen-messages.ts';

export const MESSAGES = {
  ...FIRST_SCREEN_MESSAGES,
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'This email is already registered',
  usernameTaken: 'This username is already taken',
  registered: 'Your account has been created, please log in',
  tokenMissing: 'Please log in to continue',
  metricsTokenRequired: 'A valid metrics token is required',
  adminOnly: 'Only an admin can do this',
  notYours: 'You are not allowed to do this',
  staffOnly: "Only the shop's staff can do this",
  lastAdmin: 'The shop needs at least one admin: make someone else an admin first',
  roleChanged: 'Role updated',
  reportRangeBackwards: 'The start date must be on or before the end date',
  reportRangeTooLong: 'Choose a range of at most 367 days',
  tooManyRequests: 'Too many attempts, please try again later',
  serverError: 'Something went wrong on our side, please try again',
  unavailable: 'The shop is temporarily unavailable, please try again shortly',
  cannotSave: 'The shop cannot save right now, please try again shortly',
  // a statement or a lock wait that took too long (DB_STATEMENT_TIMEOUT, DB_LOCK_TIMEOUT) or a request past REQUEST_TIMEOUT
  busy: 'The shop is busy right now, please try again in a moment',
  busyNothingSaved: 'The shop is busy right now and nothing was saved, please try again in a moment',
  notFound: 'Not found',
  productNotFound: 'Product not found',
  categoryNotFound: 'Category not found',
  userNotFound: 'User not found',
  orderNotFound: 'Order not found',
  orderConfirmed: 'The order is confirmed',
  orderDeclined: 'The order is declined and canceled',
  noAnswerLogged: 'No answer: the call is logged',
  confirmationNotPending: 'This order has been answered already',
  confirmationCanceled: 'The order is canceled',
  orderSearchNotNumber: 'Search orders by their number, like 1001',
  cartItemNotFound: 'Cart item not found',
  productNameTaken: 'A product with this name already exists',
  categoryTaken: 'This category already exists for this gender',
  categoryMissing: 'Please choose an existing category for this gender',
  pricesChanged: 'Prices have changed, please review your cart',
  cartEmpty: 'Your cart is empty',
  cartChanged: 'Your cart has changed, please review it',
  orderAlreadyCanceled: 'This order is already canceled',
  fileTypeNotSupported: 'File type is not supported',
  fileTooLarge: 'Each image must be 5 MB or smaller',
  tooManyFiles: 'A product can have at most 8 images',
  fillRequired: 'Please fill out all required fields.',
  priceAboveZero: 'Price must be greater than zero.',
  discountRange: 'Discount must be between 0 and 99.',
  chooseImages: 'Please choose images',
  imageLinkRequired: 'Image link is required',
  imageLinkInvalid: 'Image links must start with http:// or https://',
  // success toasts (SPEC section 8)
  cartItemDeleted: 'Product has been deleted from your cart',
  itemUpdated: 'Item has been updated',
  orderCanceled: 'Order has been canceled',
  orderCanceledRefunded: 'Order has been canceled and the card payment refunded',
  orderCanceledRefundPending: 'Order has been canceled; the refund to the card will follow shortly',
  orderCanceledCardRefund: 'Order has been canceled; the payment goes back to your card',
  orderPlaced: 'Your order has been placed',
  paymentSucceeded: 'Payment has been successful',
  profileUpdated: 'Your profile has been updated',
  productCreated: 'Product has been created',
  productDeleted: 'Product has been deleted',
  categoryAdded: 'Category has been added',
  categoryDeleted: 'Category has been deleted',
  categoryUpdated: 'Category has been updated',
  reviewNotReceived: 'Only customers who received this product can review it',
  reviewTwice: 'You have already reviewed this product',
  reviewWritten: 'You reviewed this product',
  reviewAfterDelivery: 'You can review this product once it has been delivered to you',
  // the review form's own messages for a part left out (the API's schema words them for a client that sends none)
  reviewChooseRating: 'Please choose a rating from 1 to 5 stars',
  reviewChooseFit: 'Please say how it fits',
  reviewWriteTitle: 'Please give your review a title',
  reviewWriteText: 'Please write your review',
  reviewNotFound: 'Review not found',
  reviewAdded: 'Thank you, your review has been posted',
  reviewDeleted: 'Review has been removed',
  backInStockAsked: "We'll email you once, as soon as this size is back in stock",
  cartDeleted: 'Your Cart has been deleted',
  lowStock: 'Low stock',
  // passwords (PRODUCT section 7, "Email and passwords")
  resetLinkSent: 'If this email has an account, a reset link is on its way',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  passwordReset: 'Your password has been changed, please log in',
  passwordChanged: 'Your password has been changed',
  currentPasswordWrong: 'Your current password is not correct',
  currentPasswordRequired: 'Current password is required',
  emailChangeNeedsPassword: 'Please enter your current password to change your email',
  samePassword: 'Please choose a new password, not your current one',
  // the brand's settings (PRODUCT section 8)
  settingsSaved: 'Settings have been saved',
  logoUploaded: 'Logo has been uploaded',
  logoTooLarge: 'The logo must be 5 MB or smaller',
  chooseLogo: 'Please choose a logo file',
  // the job queue's failed jobs (decision 026)
  jobNotFound: 'This job was not found among the failed ones',
  jobRetried: 'The job will be tried again now',
  // delivery, discount codes and guests (PRODUCT section 8)
  shippingSaved: 'Delivery prices have been saved',
  // one sentence for a code that is unknown, paused, not started, expired or used up: a shopper guessing codes cannot
  // tell a real one from a made-up one (decision 051)
  couponNotValid: 'This code is not valid',
  couponUsedByYou: 'You have already used this code',
  couponApplied: 'Code applied',
  couponRemoved: 'Code removed',
  couponCodeTaken: 'A discount code with this name already exists',
  couponNotFound: 'Discount code not found',
  couponSaved: 'Discount code has been saved',
  couponDeleted: 'Discount code has been deleted',
  // what one shopper may hold without paying (decision 051)
  lineTooMany: 'An order holds at most 99 pieces of one size',
  guestLineTooMany: 'Without an account an order holds at most 10 pieces of one size; log in to order more',
  guestOrderTooMany: 'Without an account an order holds at most 20 pieces; log in to order more',
  heldTooMany: 'Orders not yet paid for already hold many pieces for this email or address; pay for them or wait until they are released',
  holdMinutesRange: 'Payment hold must be a whole number of minutes from 10 to 120',
  kioskHoursRange: 'Kiosk payment hold must be a whole number of hours from 1 to 48',
  staffStockOnly: "Staff change stock and sizes only: a product's price, discount, name and description are the admin's",
  guestPaysCash: 'Guests pay cash on delivery; please log in to pay by card',
  guestOrderOwned: 'This order already belongs to an account, please log in',
  guestAccountCreated: 'Your account has been created and this order is in it',
  // paying through Paymob (PRODUCT section 4)
  paymentWayNotOffered: 'This way of paying is not offered, please choose another',
  paymentNotStarted: 'We could not reach the payment page, please try again in a moment; nothing was charged',
  paymentAwaited: 'Your order is waiting for its payment',
  orderPaid: 'Your payment has been received and your order is placed',
  paymentFailed: 'Your payment did not go through and the order was not placed',
  // paying again for an order awaiting its payment, from its page (issue 42)
  notAwaitingPayment: 'This order is not waiting for a payment',
  payTimeOver: 'The time to pay this order is over',
  payTriesUsed: 'This order has been opened for payment too many times; please pay with one of the ways already opened or order again',
  // importing products from a spreadsheet (PRODUCT section 8, "Reports and files")
  chooseCsv: 'Please choose a CSV file',
  csvTooLarge: 'The file must be 20 MB or smaller',
  csvNotUtf8: 'The file must be UTF-8 text: save it as "CSV UTF-8"',
  csvEmpty: 'The file has no products',
  csvTooManyRows: 'A file can hold at most 20,000 products',
  csvQuoteNotClosed: 'A quoted cell is not closed',
  csvStrayQuote: 'A quote inside a cell must be written twice ("")',
  sizesFormat: 'Sizes must be written like "S:3 | M:0 | L"',
  productNeedsImage: 'A product needs at least one image',
  importChecked: 'The file has been checked; nothing was written yet',
  importDone: 'Products have been imported',
  importRefused: 'Nothing was imported: correct the cells listed and try again',
  // privacy and two-step sign-in (PRODUCT section 9, "Privacy")
  accountDeleted: 'Your account and the personal data it held have been deleted',
  deleteWhileOrderOpen: 'An order of yours is still under way: you can delete your account once it is delivered or canceled',
  deleteWhileReturnable: 'An order of yours can still be returned: you can delete your account once its days to return it have passed',
  passwordRequired: 'Please enter your password',
  consentsSaved: 'Your choices have been saved',
  formerCustomer: 'Former customer',
  twoFactorCodeWrong: 'This code is not correct, or has already been used',
  twoFactorCodeRequired: 'Please enter the code from your app, or a recovery code',
  twoFactorTicketInvalid: 'Your sign-in has expired, please log in again',
  twoFactorOn: 'Two-step sign-in is on',
  twoFactorOff: 'Two-step sign-in is off',
  twoFactorNotStarted: 'Start setting up two-step sign-in first',
  twoFactorAlreadyOn: 'Two-step sign-in is already on',
  twoFactorNotOn: 'Two-step sign-in is not on for this account',
  twoFactorStaffOnly: "Two-step sign-in is for the shop's staff and admins",
  twoFactorRequired: 'The shop asks its staff to sign in in two steps: turn on two-step sign-in to use the dashboard',
  // where shoppers are (PRODUCT section 9): the feeds, the reminders of carts left behind
  feedTokenWrong: "This feed's token is missing or wrong: copy the feed's address again from the dashboard's Marketing settings",
  unsubscribed: 'You will get no more offers or reminders by email. You can turn them on again in your account',
  unsubscribeLinkWrong: 'This unsubscribe link is not valid: open the one in your latest mail, or turn offers off in your account',
  // shipping with a courier (PRODUCT section 9, Bosta first)
  confirmOrderFirst: 'Confirm the order first',
  courierNotConfigured: 'No courier is set up for this shop',
  shipmentNotAccepted: 'Only a placed order that has not left the shop can be sent to the courier',
  courierRefusedAddress: "The courier refused this order's address: check its governorate, city and street",
  courierUnavailable: 'The courier did not answer, please try again in a moment',
  shipmentCreated: 'The order is with the courier',
  shipmentNotFound: 'This order has not been sent to a courier',
  courierWebhookRefused: "This call does not carry the courier's secret",
  pickupFriday: 'The courier does not pick up on Fridays: choose another day',
  pickupPastCutoff: 'It is past the cut-off for a pickup that day: choose a later day',
  pickupHoliday: 'The courier does not pick up on that day (a holiday): choose another day',
  pickupAlreadyBooked: 'A pickup is already booked for that day',
  pickupRefused: 'The courier refused this pickup: choose another day',
  pickupBooked: 'The pickup is booked',
  // returns and exchanges (PRODUCT section 9)
  returnDaysRange: 'Days to return must be a whole number from 14 to 365',
  defectiveDaysRange: 'Days to return a defective piece must be a whole number from 30 to 365',
  exchangesOnOff: 'Exchanges on or off must be true or false',
  returnsSettingsObject: 'Returns must be an object',
  returnableOnOff: 'Returnable must be true or false',
  returnNotDelivered: 'Only a delivered order can be returned',
  returnWindowPassed: 'The days to return this order have passed',
  returnNotReturnable: 'This piece cannot be returned: the shop marks it not returnable',
  returnTooMany: 'That is more pieces than are left to return from this order',
  returnNotInOrder: 'This piece is not in the order',
  exchangesOff: 'This shop does not exchange sizes: ask for a refund instead',
  exchangeSizeRequired: 'Choose the size to exchange it for',
  exchangeSizeSame: 'Choose a size other than the one you have',
  exchangeSizeOutOfStock: 'The size to exchange it for is not in stock',
  returnNotFound: 'Return not found',
  returnStepRefused: 'This return cannot take that step now',
  returnRequested: 'Your return has been requested',
  returnApproved: 'The return has been approved',
  returnRejected: 'The return has been rejected',
  returnReceived: 'The return has been received',
  returnClosed: 'The return has been closed',
  refundNotDue: 'Only a received cash order has a refund to record',
  refundAlreadyRecorded: 'This refund is already recorded',
  refundRecorded: 'The refund has been recorded',
  refundFirst: 'Record the refund before closing the return',
  returnNoteText: 'Note must be text',
  returnNoteLong: 'Note must be at most 1000 characters',
  returnSizeRequired: 'Size is required',
  returnReasonRequired: 'Reason must be one of too-small, too-large, not-as-pictured, defective, wrong-item, changed-mind',
  returnLinesRequired: 'Choose at least one piece to return',
  returnKindRequired: 'Kind must be refund or exchange',
  returnStatusRequired: 'Status must be one of approved, rejected, received, closed',
  returnStatusFilter: 'status must be one of requested, approved, rejected, received, closed',
  restockOnOff: 'Restock must be true or false',
  refundMethodRequired: 'Method must be one of wallet, instapay, bank, cash',
  refundReferenceRequired: 'Reference is required (at most 100 characters)',
} as const;

/** 409 when more is asked than a size has left (PRODUCT section 7). */
export function onlyLeft(left: number, size: string): string {
  return `Only ${left} left in size ${size}`;
}

/**
 * 409 when the admin saves a new stock for a size whose stock changed after the form was opened (pieces sold or given
 * back, another admin's save): the figure now, so the admin can redo the change on it.
 */
export function stockChangedSince(size: string, stock: number | null): string {
  return stock === null
    ? `Stock of size ${size} stopped being tracked since you opened this form; check it and save again`
    : `Stock of size ${size} changed to ${stock} since you opened this form; check it and save again`;
}

/** 400 when the order's governorate is switched off in the delivery table (PRODUCT section 8). */
export function noDeliveryTo(governorate: string): string {
  return `We do not deliver to ${governorate} yet`;
}

/** 400 when a code's minimum subtotal is not reached: the minimum as money.ts's formatEgp writes it ("EGP 1,500"). */
export function couponMinimum(minimum: string): string {
  return `Spend ${minimum} to use this code`;
}

/** 400 when the admin lowers a code's total uses below the uses it has had. */
export function usesBelowSoFar(uses: number): string {
  return `Total uses cannot be fewer than the ${uses} uses so far`;
}

/** 400 for a size the shop does not have, or this product does not come in. */
export function unknownSize(size: string): string {
  return `Unknown size: ${size}`;
}

/** 409 for an ask to be told when a size is back (decision 040) while that size can be bought now. */
export function sizeInStock(size: string): string {
  return `Size ${size} is in stock now: you can add it to your cart`;
}

export function sizeNotOffered(size: string): string {
  return `This product does not come in size ${size}`;
}

/** Checkout's billing fields in SPEC's order, each with its sentence for when it is left blank (forms.ts). */
export const BILLING_FIELD_MESSAGES = [
  ['firstName', 'Please write your first name'],
  ['secondName', 'Please write your second name'],
  ['phoneNumber', 'Please write your phone'],
  ['email', 'Please write your email'],
  ['Governorate', 'Please write your governorate'],
  ['city', 'Please write your city'],
  ['address', 'Please write your address'],
] as const;

/**
 * The form field a server's sentence is about, so a refusal the form could not foresee (a taken email or name, a file
 * the server would not take) is shown at that field as well as in the toast. One list for every form; here, not in
 * forms.ts, so a page can use it without loading the schemas.
 */
const SERVER_FIELD_MESSAGES: ReadonlyMap<string, string> = new Map([
  [MESSAGES.emailTaken, 'email'],
  [MESSAGES.usernameTaken, 'username'],
  [MESSAGES.productNameTaken, 'name'],
  [MESSAGES.categoryTaken, 'title'],
  [MESSAGES.categoryMissing, 'category'],
  [MESSAGES.fileTypeNotSupported, 'images'],
  [MESSAGES.fileTooLarge, 'images'],
  [MESSAGES.tooManyFiles, 'images'],
  [MESSAGES.currentPasswordWrong, 'currentPassword'],
  [MESSAGES.emailChangeNeedsPassword, 'currentPassword'],
  [MESSAGES.samePassword, 'newPassword'],
  [MESSAGES.logoTooLarge, 'logo'],
  [MESSAGES.chooseLogo, 'logo'],
  [MESSAGES.couponCodeTaken, 'code'],
  [MESSAGES.passwordRequired, 'currentPassword'],
  [MESSAGES.twoFactorCodeWrong, 'code'],
  [MESSAGES.twoFactorCodeRequired, 'code'],
]);

export const fieldOfServerMessage = (message: string): string | null => SERVER_FIELD_MESSAGES.get(message) ?? null;

export type BillingField = (typeof BILLING_FIELD_MESSAGES)[number][0];

export function categoryInUse(count: number): string {
  return `This category is used by ${count} product${count === 1 ? '' : 's'}; move or delete them first`;
}

// ---- an import's bad cells (PRODUCT section 8, "Reports and files") ----

export function columnMissing(column: string): string {
  return `Column "${column}" is missing`;
}

export function columnTwice(column: string): string {
  return `Column "${column}" is listed twice`;
}

export function cellCount(found: number, expected: number): string {
  return `This row has ${found} cells; the header has ${expected}`;
}

export function nameAlsoOnRow(row: number): string {
  return `This name is also on row ${row}`;
}

export function noSuchCategory(title: string, gender: string): string {
  return `There is no ${gender} category called "${title}"`;
}
