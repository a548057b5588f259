// What the shop's rules refuse, in the shop's words: modules (and routes) throw these, and know nothing of HTTP. The
// one error handler (app.ts) answers each kind with its status and `{ message }`.
export type ShopErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'payment-required'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported'
  | 'too-many'
  | 'unavailable';

export class ShopError extends Error {
  constructor(
    readonly kind: ShopErrorKind,
    message: string,
    /** when the same request may be sent again (a rate limit's window) */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const invalid = (message: string) => new ShopError('invalid', message);
export const unauthenticated = (message: string) => new ShopError('unauthenticated', message);
export const paymentRequired = (message: string) => new ShopError('payment-required', message);
export const forbidden = (message: string) => new ShopError('forbidden', message);
export const notFound = (message: string) => new ShopError('not-found', message);
export const conflict = (message: string) => new ShopError('conflict', message);
export const tooLarge = (message: string) => new ShopError('too-large', message);
export const unsupported = (message: string) => new ShopError('unsupported', message);
export const tooMany = (message: string, retryAfterSeconds?: number) => new ShopError('too-many', message, retryAfterSeconds);
export const unavailable = (message: string) => new ShopError('unavailable', message);
