import type { BodyOf } from '@shop/core/endpoints';
import { call } from '../../../lib/api-client.ts';
import { logIn, sessionStore } from '../../../lib/session.ts';

/** Every other session is signed out by the change; this one keeps going with the new token the answer carries. */
export async function changePassword(body: BodyOf<'changePassword'>): Promise<string> {
  const answer = await call('changePassword', { body });
  const session = sessionStore.get();
  if (session) logIn({ ...session, token: answer.token });
  return answer.message;
}
