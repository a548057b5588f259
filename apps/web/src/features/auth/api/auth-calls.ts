import type { LoginAnswer } from '@shop/core/schemas';
import { apiSend } from '../../../lib/api-client.ts';
import { logIn } from '../../../lib/session.ts';

export async function login(email: string, password: string): Promise<LoginAnswer> {
  const answer = await apiSend<LoginAnswer>('POST', '/api/auth/login', { email, password });
  logIn(answer);
  return answer;
}

export async function register(username: string, email: string, password: string): Promise<string> {
  const answer = await apiSend<{ message: string }>('POST', '/api/auth/register', { username, email, password });
  return answer.message;
}
