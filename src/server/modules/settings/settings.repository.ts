import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listAll(): Promise<Array<{ key: string; value: string }>> {
    return this.db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
  }

  /** Inserts the keys that are missing; never overwrites what an administrator saved. */
  async insertMissing(values: Record<string, string>): Promise<void> {
    const rows = Object.entries(values).map(([key, value]) => ({ id: randomUUID(), key, value }));
    if (rows.length === 0) return;
    await this.db
      .insertInto('settings')
      .values(rows)
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
  }
}
