import type { Kysely } from 'kysely';
import type { AdminSettings } from '../../../shared/schemas/settings.js';
import { publicSettingKeys, settingDefaults, type PublicSettings, type SettingKey } from '../../../shared/settings-keys.js';
import type { Database } from '../../db/schema.js';
import { BadRequestError } from '../../errors.js';
import { postToWebhook } from '../../integrations/webhooks.js';
import type { Changes } from '../../http/audit-port.js';
import { diffChanges } from '../audit/audit.service.js';
import { SettingsRepository } from './settings.repository.js';

const TEST_TIMEOUT_MS = 10_000;

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

  /** Every setting but the secret token, which is write-only: only whether one is set. */
  async getForAdmin(): Promise<AdminSettings> {
    const { n8n_secret_token: secret, ...readable } = await this.getAll();
    return { ...readable, n8n_secret_token_set: secret !== '' };
  }

  async save(values: Partial<Record<SettingKey, string>>): Promise<{ saved: AdminSettings; changes: Changes }> {
    const before = await this.getAll();
    await this.settings.save(values as Record<string, string>);
    const changes = diffChanges(before, { ...before, ...values }, Object.keys(values));
    return { saved: await this.getForAdmin(), changes };
  }

  /**
   * Posts a signed ping to a workflow address (the one being typed, or the saved one) and says
   * how it answered: the administrator sees at once whether the workflow is reachable and accepts
   * the shop's signature.
   */
  async testWebhook(key: 'n8n_webhook_url' | 'n8n_callback_url' | 'n8n_newsletter_url' | 'chatbot_webhook_url', url?: string) {
    const all = await this.getAll();
    const target = url ?? all[key];
    if (!target) throw new BadRequestError('No address to test: enter one first.', { 'body.url': 'is required' });
    const started = performance.now();
    const reply = await postToWebhook(target, { action: 'ping', setting: key, sent_at: new Date().toISOString() }, { secret: all.n8n_secret_token || undefined, timeoutMs: TEST_TIMEOUT_MS });
    return { status: reply.status, ok: reply.ok, milliseconds: Math.round(performance.now() - started) };
  }
}

/** The settings of one database: app.ts builds the one the whole app shares. */
export function createSettingsService(db: Kysely<Database>): SettingsService {
  return new SettingsService(new SettingsRepository(db));
}
