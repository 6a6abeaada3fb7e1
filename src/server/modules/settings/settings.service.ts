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
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Changes } from '../../http/audit-port.js';
import { diffChanges } from '../audit/audit.service.js';
import { SettingsRepository } from './settings.repository.js';

/**
 * The settings as last read, shared by every service on one database (`settingsCacheOf`): a
 * payment callback read them three times (its secret, its tolerance, the shop's language), a
 * round trip each (issue 21 §6). A save through any service clears them in this instance before
 * it answers; on PostgreSQL it also tells the other instances when it commits
 * (`notifyOnCommit` in its transaction), whose listening connection clears theirs. While that connection does
 * not listen, nothing would tell this instance of another's save: `usable` is false and every
 * read goes to the database, as it does after `MAX_AGE_MS`, for a row changed outside the app.
 */
export class SettingsCache {
  static readonly MAX_AGE_MS = 10_000;
  private value: { read: Promise<SettingValues>; at: number } | null = null;
  /** Whether this instance hears of the other instances' saves now (always on SQLite: one process). */
  usable: () => boolean = () => true;

  /** The values as last read while they may still be used, else null. */
  fresh(): Promise<SettingValues> | null {
    if (!this.usable() || !this.value || Date.now() - this.value.at >= SettingsCache.MAX_AGE_MS) return null;
    return this.value.read;
  }

  get(load: () => Promise<SettingValues>): Promise<SettingValues> {
    const fresh = this.fresh();
    if (fresh) return fresh;
    if (!this.usable()) return load();
    const entry = { read: load(), at: Date.now() };
    this.value = entry;
    // A read that fails is not kept; one that a save overtook was dropped by `clear`.
    entry.read.catch(() => {
      if (this.value === entry) this.value = null;
    });
    return entry.read;
  }

  clear(): void {
    this.value = null;
  }
}

const caches = new WeakMap<Kysely<Database>, SettingsCache>();

/** The settings cache of the app's database: one per database, whichever service reads or saves. */
export function settingsCacheOf(db: Kysely<Database>): SettingsCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SettingsCache()));
  return cache;
}

export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    /** None in a transaction: what it reads may not be committed. */
    private readonly cache: SettingsCache | null,
  ) {}

  /**
   * Every setting; the owner's texts as `{en, fr}`, gathered from their rows per language. From
   * the cache: the answer is shared, and frozen so that no caller changes it for the others.
   */
  getAll(): Promise<SettingValues> {
    const load = () => this.load();
    return this.cache ? this.cache.get(load) : load();
  }

  /**
   * Every setting, for a caller inside a transaction: from the cache while it is fresh, else read
   * through that transaction (`within`), and not kept. Never through the app's own connection
   * there: on SQLite the app has one, which Kysely holds for the transaction until it ends, so
   * the read would wait for the transaction while the transaction waits for the read, and every
   * query of the app behind them (an order marked paid by hand more than 10 s after the last read
   * of the settings hung the shop). On PostgreSQL it would hold a second pooled connection.
   */
  getAllWithin(within: Kysely<Database>): Promise<SettingValues> {
    return this.cache?.fresh() ?? this.load(within);
  }

  private async load(db?: Kysely<Database>): Promise<SettingValues> {
    const rows = await this.settings.listAll(db);
    return deepFreeze(settingsFromRows(new Map(rows.map(({ key, value }) => [key, value]))));
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
    try {
      await this.settings.save(settingRows(values));
    } finally {
      // Cleared whether it committed or not: a failed save may still have committed on the server.
      this.cache?.clear();
    }
    const changes = diffChanges(before, withSettingUpdates(before, values), Object.keys(values));
    return { saved: await this.getForAdmin(), changes };
  }
}

/** The settings of one database: app.ts builds the one the whole app shares. */
export function createSettingsService(db: Kysely<Database>, dialect: DialectName): SettingsService {
  return new SettingsService(new SettingsRepository(db, dialect), db.isTransaction ? null : settingsCacheOf(db));
}

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (inner && typeof inner === 'object') Object.freeze(inner);
  return Object.freeze(value);
}
