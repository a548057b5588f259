import type { User } from '@shop/core/schemas';
import { apiSend } from '../../../lib/api-client.ts';
import { updateSessionUser } from '../../../lib/session.ts';

export async function updateProfile(userId: string, changes: { username: string; email: string }): Promise<User & { message?: string }> {
  const user = await apiSend<User & { message?: string }>('PUT', `/api/users/profile/update/${encodeURIComponent(userId)}`, changes);
  updateSessionUser({ username: user.username, email: user.email });
  return user;
}
