import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from '../dialect.js';

/** Who may be named on an order's timeline from this release on (decision 0014, issue 17 §3). */
const actors = ['client', 'workflow', 'administrator', 'shop'] as const;
const actorList = (quote: (value: string) => string) => actors.map(quote).join(', ');

/** The actor CHECK as the earlier release wrote it, whatever list it held. */
const actorCheck = /check \(actor in \([^)]*\)\)/i;

/**
 * The shop itself becomes an actor of the order's timeline: it cancels orders left unpaid longer
 * than the owner's setting, and its line must not claim an administrator did. Only the CHECK on
 * `order_events.actor` changes; every line is kept.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect === 'postgres') {
    // PostgreSQL names a column's CHECK <table>_<column>_check; Kysely runs this in a transaction.
    await sql`alter table order_events drop constraint order_events_actor_check`.execute(db);
    await sql
      .raw(
        `alter table order_events add constraint order_events_actor_check check (actor in (${actorList((a) => `'${a}'`)}))`,
      )
      .execute(db);
    return;
  }
  await rebuildSqliteTimeline(db);
}

/**
 * SQLite cannot change a CHECK in place: the table is rebuilt from its own definition with the
 * wider list (https://sqlite.org/lang_altertable.html#otheralter), its rows and indexes kept, in
 * one transaction of its own (Kysely runs SQLite migrations outside any). No table refers to
 * order_events, so dropping the old one touches nothing else.
 */
async function rebuildSqliteTimeline(db: Kysely<any>): Promise<void> {
  await sql`begin immediate`.execute(db);
  try {
    const table = await sql<{
      sql: string;
    }>`select sql from sqlite_master where type = 'table' and name = 'order_events'`.execute(db);
    const definition = table.rows[0]?.sql ?? '';
    if (!actorCheck.test(definition)) throw new Error('order_events: the CHECK on actor was not found');
    const rebuilt = definition
      .replace(actorCheck, `check (actor in (${actorList((a) => `'${a}'`)}))`)
      .replace(/^create table "?order_events"?/i, 'create table "order_events_new"');
    const indexes = await sql<{
      sql: string;
    }>`select sql from sqlite_master where type = 'index' and tbl_name = 'order_events' and sql is not null`.execute(
      db,
    );
    await sql.raw(rebuilt).execute(db);
    await sql`insert into order_events_new select * from order_events`.execute(db);
    await sql`drop table order_events`.execute(db);
    await sql`alter table order_events_new rename to order_events`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}
