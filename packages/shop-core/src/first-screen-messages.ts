// The sentences the storefront's first screens say (the layout, a product card, the product page), in a module of
// their own: a shopper's first load carries these, not every message of the shop (the first load's budget is 70 kB
// of JavaScript, bench/weight.mjs). MESSAGES (messages.ts) holds them too; those screens import them from here.
export const FIRST_SCREEN_MESSAGES = {
  pleaseLogIn: 'Please log in',
  tokenInvalid: 'Your session has expired, please log in again',
  cartItemAdded: 'Product has been added to your cart',
  chooseSize: 'Please choose a size',
  soldOut: 'Sold out',
} as const;
