import type { Kysely } from 'kysely';
import type { AdminSettings } from '../../../shared/schemas/settings.js';
import {
  publicSettingKeys,
  settingRows,
  settingsFromRows,
  withSettingUpdates,
  type PublicSettings,
  type SettingUpdates,
  type SettingValues,
} from '../../../shared/settings-keys.js';
import type { Database } from '../../db/schema.js';
import type { Changes } from '../../http/audit-port.js';
import { diffChanges } from '../audit/audit.service.js';
import { SettingsRepository } from './settings.repository.js';

export class SettingsService {
  constructor(private readonly settings: SettingsRepository) {}

  /** Every setting; the owner's texts as `{en, fr}`, gathered from their rows per language. */
  async getAll(): Promise<SettingValues> {
    const rows = await this.settings.listAll();
    return settingsFromRows(new Map(rows.map(({ key, value }) => [key, value])));
  }

  /** Only the keys a visitor may see: never webhook URLs or the secret token. */
  async getPublic(): Promise<PublicSettings> {
    const all = await this.getAll();
    return Object.fromEntries(publicSettingKeys.map((key) => [key, all[key]])) as PublicSettings;
  }

  /** The shop's name (issue 19 §1), for the emails and pages that carry it. */
  async siteName(): Promise<string> {
    return (await this.getAll()).site_name;
  }

  /** Every setting but the secret token, which is write-only: only whether one is set. */
  async getForAdmin(): Promise<AdminSettings> {
    const { n8n_secret_token: secret, ...readable } = await this.getAll();
    return { ...readable, n8n_secret_token_set: secret !== '' };
  }

  /**
   * Writes the rows of what `values` sends, in one transaction: for an owner's text, the row of
   * each language sent; a language not sent keeps its row (decision 0022).
   */
  async save(values: SettingUpdates): Promise<{ saved: AdminSettings; changes: Changes }> {
    const before = await this.getAll();
    await this.settings.save(settingRows(values));
    const changes = diffChanges(before, withSettingUpdates(before, values), Object.keys(values));
    return { saved: await this.getForAdmin(), changes };
  }
}

/** The settings of one database: app.ts builds the one the whole app shares. */
export function createSettingsService(db: Kysely<Database>): SettingsService {
  return new SettingsService(new SettingsRepository(db));
}
