import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * Writes a row and hands the record as written to `verify`, in one transaction that `verify` undoes
 * by throwing. A rule on the result of a partial update (a required text left in no language,
 * `text/required-translations.ts`) can only be checked on the row as written; checking it before
 * the write would let two concurrent updates each pass.
 */
export function writeThenVerify<Row, Record>(
  db: Kysely<Database>,
  write: (trx: Transaction<Database>) => Promise<Row | undefined>,
  toRecord: (row: Row) => Record,
  verify: (record: Record) => void,
): Promise<Record | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await write(trx);
    if (row === undefined) return undefined;
    const record = toRecord(row);
    verify(record);
    return record;
  });
}
