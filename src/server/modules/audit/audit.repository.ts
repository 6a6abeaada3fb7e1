import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AuditQuery } from '../../../shared/schemas/audit.js';
import type { AuditLogTable, Database } from '../../db/schema.js';
import { timeOrderedId } from '../../db/time-ordered-id.js';

export type NewAuditRow = Omit<AuditLogTable, 'id' | 'created_at'>;

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** `db`: a transaction of the change the row describes, or the app's database. */
  async insert(row: NewAuditRow, db: Kysely<Database> = this.db): Promise<void> {
    // Entries of one request often share a millisecond; the id keeps their order.
    const { id, at } = timeOrderedId();
    await db
      .insertInto('audit_log')
      .values({ id, ...row, created_at: at })
      .execute();
  }

  private filtered(query: Omit<AuditQuery, 'page' | 'pageSize'>): SelectQueryBuilder<Database, 'audit_log', object> {
    let select = this.db.selectFrom('audit_log');
    if (query.resource) select = select.where('resource', '=', query.resource);
    if (query.action) select = select.where('action', '=', query.action);
    if (query.actor) select = select.where('actor_email', 'like', `%${query.actor.replace(/[%_\\]/g, '')}%`);
    if (query.from) select = select.where('created_at', '>=', `${query.from}T00:00:00.000Z`);
    if (query.to) select = select.where('created_at', '<=', `${query.to}T23:59:59.999Z`);
    return select;
  }

  async page(query: AuditQuery) {
    const [rows, count] = await Promise.all([
      this.filtered(query)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.pageSize)
        .offset(query.page * query.pageSize)
        .execute(),
      this.filtered(query)
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Every matching row, newest first, up to `limit` (the CSV export). */
  async all(query: Omit<AuditQuery, 'page' | 'pageSize'>, limit: number) {
    return this.filtered(query).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }
}
