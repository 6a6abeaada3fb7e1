import { publicSettingKeys, settingDefaults, type PublicSettings, type SettingKey } from '../../../shared/settings-keys.js';
import type { SettingsRepository } from './settings.repository.js';

export class SettingsService {
  constructor(private readonly settings: SettingsRepository) {}

  async getAll(): Promise<Record<SettingKey, string>> {
    const values: Record<string, string> = { ...settingDefaults };
    for (const { key, value } of await this.settings.listAll()) values[key] = value;
    return values as Record<SettingKey, string>;
  }

  /** Only the keys a visitor may see: never webhook URLs or the secret token. */
  async getPublic(): Promise<PublicSettings> {
    const all = await this.getAll();
    return Object.fromEntries(publicSettingKeys.map((key) => [key, all[key]])) as PublicSettings;
  }

  async save(values: Partial<Record<SettingKey, string>>): Promise<Record<SettingKey, string>> {
    await this.settings.save(values as Record<string, string>);
    return this.getAll();
  }
}
