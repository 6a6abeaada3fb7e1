import { sql, type Kysely } from 'kysely';
import { CONTENT_PAGE_SLUGS } from '../../../shared/content-pages.js';
import type { ColumnTypes } from '../dialect.js';

const slugCheck = sql`slug in (${sql.join(CONTENT_PAGE_SLUGS.map((slug) => sql.lit(slug)))})`;

/**
 * Content pages may also be the legal pages (terms, privacy, refund policy, risk disclosure).
 * PostgreSQL changes the CHECK in place, inside the transaction the migrator opens for it. SQLite
 * cannot alter a CHECK: the table is rebuilt with the new one and the rows copied, in one
 * transaction so that a failure leaves the old table untouched.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect === 'postgres') {
    await sql`alter table content_pages drop constraint content_pages_slug_check`.execute(db);
    await sql`alter table content_pages add constraint content_pages_slug_check check (${slugCheck})`.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await trx.schema
      .createTable('content_pages_rebuilt')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique().check(slugCheck))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
      .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
      .execute();
    await sql`insert into content_pages_rebuilt (id, slug, title, content, created_at, updated_at)
      select id, slug, title, content, created_at, updated_at from content_pages`.execute(trx);
    await trx.schema.dropTable('content_pages').execute();
    await trx.schema.alterTable('content_pages_rebuilt').renameTo('content_pages').execute();
  });
}
