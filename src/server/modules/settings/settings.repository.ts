import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { notifyOnCommit, type DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';

/** The channel of settings changes, for the other instances' caches (settings.service.ts). */
export const SETTINGS_CHANNEL = 'settings_changed';

export class SettingsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Every row, through `db` when given (a caller's transaction), else through the app's own. */
  async listAll(db: Kysely<Database> = this.db): Promise<Array<{ key: string; value: string }>> {
    return db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
  }

  /** Saves the given keys in one transaction: all of them or none; the other instances hear of it when it commits. */
  async save(values: Record<string, string>): Promise<void> {
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      await notifyOnCommit(trx, this.dialect, SETTINGS_CHANNEL);
      for (const [key, value] of Object.entries(values)) {
        await trx
          .insertInto('settings')
          .values({ id: randomUUID(), key, value, updated_at: now })
          .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: now }))
          .execute();
      }
    });
  }
}
