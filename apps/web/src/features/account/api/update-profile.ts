import type { AnswerOf, BodyOf } from '@shop/core/endpoints';
import { call } from '../../../lib/api-client.ts';
import { updateSessionUser } from '../../../lib/session.ts';

export async function updateProfile(userId: string, changes: BodyOf<'updateProfile'>): Promise<AnswerOf<'updateProfile'>> {
  const user = await call('updateProfile', { params: { id: userId }, body: changes });
  updateSessionUser({ username: user.username, email: user.email });
  return user;
}
