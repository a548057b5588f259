import { routes } from '@shop/core/routes';
import type { Settings } from '@shop/core/contract/settings';
import { ApiError } from '../../../lib/api-client.ts';
import { getLang } from '../../../lib/i18n.ts';
import { sessionStore } from '../../../lib/session.ts';
import { settingsSaved } from './get-settings.ts';

/** POST /api/settings/logo, the file as a form's `file`: the server reads its bytes and answers the settings. */
export async function uploadLogo(file: File): Promise<Settings> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = sessionStore.get()?.token;
  let response: Response;
  try {
    response = await fetch(routes.uploadLogo.path, {
      method: routes.uploadLogo.method,
      headers: { Accept: 'application/json', 'Accept-Language': getLang(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'We could not reach the shop, please check your connection');
  }
  const body = (await response.json().catch(() => null)) as (Settings & { message?: string }) | null;
  if (!response.ok || !body) throw new ApiError(response.status, body?.message ?? (response.statusText || 'Something went wrong, please try again'));
  const { message: _message, ...settings } = body;
  return settingsSaved(settings);
}
