import type { FastifyInstance } from 'fastify';
import { createSettingsService } from '../../src/server/modules/settings/settings.service.js';
import type { SettingKey, SettingValue } from '../../src/shared/settings-keys.js';

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
  await createSettingsService(app.database.db).save({ [key]: value });
  app.publicCache.invalidate();
}
