import type { FastifyInstance } from 'fastify';
import { createSettingsService } from '../../src/server/modules/settings/settings.service.js';
import type { SettingKey, SettingUpdates, SettingValue } from '../../src/shared/settings-keys.js';

/**
 * Saves one setting through the settings service, as the Settings page does (an owner's text as
 * `{en, fr}`), and clears the
 * public cache as an administrator's write does, so the next public read sees it.
 */
export async function setSetting<Key extends SettingKey>(
  app: FastifyInstance,
  key: Key,
  value: SettingValue<Key>,
): Promise<void> {
  await saveSettings(app, { [key]: value });
}

/**
 * Saves settings as the Settings page sends them (an owner's text: only the languages given),
 * through the settings service, whose save clears the app's settings cache, and clears the
 * public cache.
 */
export async function saveSettings(app: FastifyInstance, values: SettingUpdates): Promise<void> {
  await createSettingsService(app.database.db, app.database.dialect).save(values);
  app.publicCache.invalidate();
}
