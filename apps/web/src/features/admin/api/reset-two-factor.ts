import { call } from '../../../lib/api-client.ts';
import { invalidateQueries } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';

/** Turns off another account's two-step sign-in (DELETE /api/users/{id}/2fa): a phone lost with its codes. */
export async function resetTwoFactor(userId: string): Promise<string> {
  const { message } = await call('resetTwoFactor', { params: { id: userId } });
  invalidateQueries(`${ADMIN_KEY}users`);
  return message;
}
