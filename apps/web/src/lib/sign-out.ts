import { removeQueries } from './query.ts';
import { logOut } from './session.ts';

// Everything cached for one customer goes with their session.
const USER_BOUND = ['cart:', 'wishlist:', 'orders:', 'order:', 'profile:'];

export function signOut(): void {
  logOut();
  for (const prefix of USER_BOUND) removeQueries(prefix);
}
