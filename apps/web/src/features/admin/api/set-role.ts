import type { Role } from '@shop/core/constants';
import { call } from '../../../lib/api-client.ts';
import { invalidateQueries } from '../../../lib/query.ts';
import { ADMIN_KEY } from './admin-cache.ts';

/** Gives an account its role (PUT /api/users/{id}/role) and answers the API's sentence for the toast. */
export async function setRole(userId: string, role: Role): Promise<string> {
  const { message } = await call('setRole', { params: { id: userId }, body: { role } });
  invalidateQueries(`${ADMIN_KEY}users`);
  return message;
}
