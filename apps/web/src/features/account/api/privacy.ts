// Her data, her consents and (staff, admins) two-step sign-in: PRODUCT section 9.
import type { AnswerOf, BodyOf } from '@shop/core/endpoints';
import { pathOf, routes } from '@shop/core/routes';
import { rememberAnalyticsConsent } from '../../../lib/analytics-consent.ts';
import { apiRequest, call } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { logIn, sessionStore } from '../../../lib/session.ts';

export const consentsKey = 'my-consents';

export function useConsents() {
  return useQuery(consentsKey, async () => {
    const consents = await call('getConsents');
    // another device's choice reaches this browser's note of it here
    rememberAnalyticsConsent(consents.analytics);
    return consents;
  });
}

/** Whether two-step sign-in is on for the account (its profile says). */
export function useTwoFactorOn(userId: string): boolean | undefined {
  return useQuery(`two-factor:${userId}`, () => call('getProfile', { params: { x: userId } })).data?.twoFactor;
}

export async function updateConsents(body: BodyOf<'updateConsents'>): Promise<AnswerOf<'updateConsents'>> {
  const answer = await call('updateConsents', { body });
  rememberAnalyticsConsent(answer.analytics);
  return answer;
}

/** The export, saved by the browser as one JSON file. */
export async function downloadMyData(): Promise<void> {
  const { data } = await apiRequest<Blob>(pathOf(routes.exportAccount), { as: 'blob' });
  saveFile(data, `my-data-${new Date().toISOString().slice(0, 10)}.json`);
}

export async function deleteMyAccount(password: string): Promise<string> {
  return (await call('deleteAccount', { body: { password } })).message;
}

export function startTwoFactor(): Promise<AnswerOf<'startTwoFactor'>> {
  return call('startTwoFactor');
}

/** Other sessions end; this one goes on with the answer's token. */
export async function enableTwoFactor(code: string): Promise<string[]> {
  const answer = await call('enableTwoFactor', { body: { code } });
  const session = sessionStore.get();
  if (session) logIn({ ...session, token: answer.token });
  return answer.recoveryCodes;
}

export async function disableTwoFactor(password: string, code: string): Promise<string> {
  return (await call('disableTwoFactor', { body: { password, code } })).message;
}
