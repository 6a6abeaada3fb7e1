import type { FastifyInstance } from 'fastify';
import { createSettingsService } from '../../src/server/modules/settings/settings.service.js';
import type { SettingKey } from '../../src/shared/settings-keys.js';

/**
 * Saves one setting through the settings service, as the Settings page does, and clears the
 * public cache as an administrator's write does, so the next public read sees it.
 */
export async function setSetting(app: FastifyInstance, key: SettingKey, value: string): Promise<void> {
  await createSettingsService(app.database.db).save({ [key]: value });
  app.publicCache.invalidate();
}
