// The status each kind of refusal (modules/errors.ts) is answered with: read by app.ts's error handler, and by the
// pages' reads (routes/pages), whose renderer shows a refused read as the API would have answered it.
import type { ShopError, ShopErrorKind } from '../modules/errors.ts';

const STATUS_OF: Record<ShopErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  'payment-required': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unsupported: 415,
  'too-many': 429,
  unavailable: 503,
};

export function statusOf(error: ShopError): number {
  return STATUS_OF[error.kind];
}
