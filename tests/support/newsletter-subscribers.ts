import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';

/**
 * Inserts `count` confirmed subscribers sub-<n>@<domain>, one second apart (newest last), in
 * chunks; returns their ids in insertion order.
 */
export async function insertSubscribers(
  db: Kysely<Database>,
  count: number,
  domain = 'example.com',
): Promise<string[]> {
  const start = Date.UTC(2026, 0, 1);
  const ids: string[] = [];
  for (let offset = 0; offset < count; offset += 500) {
    const rows = Array.from({ length: Math.min(500, count - offset) }, (_, index) => {
      const n = offset + index;
      const created = new Date(start + n * 1000).toISOString();
      return {
        id: randomUUID(),
        email: `sub-${n}@${domain}`,
        unsubscribe_token: randomBytes(24).toString('base64url'),
        created_date: created,
        confirmed_date: created,
      };
    });
    await db.insertInto('newsletter_subscribers').values(rows).execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}
