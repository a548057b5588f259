import type { Settings, SettingsChange } from '@shop/core/contract/settings';
import { call } from '../../../lib/api-client.ts';
import { settingsSaved } from './get-settings.ts';

export async function updateSettings(change: SettingsChange): Promise<Settings> {
  const { message: _message, ...settings } = await call('updateSettings', { body: change });
  return settingsSaved(settings);
}
