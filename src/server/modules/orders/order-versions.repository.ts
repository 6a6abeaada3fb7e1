import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { downloadableStatus } from '../../../shared/order-states.js';
import type { Database, OrderVersionsTable } from '../../db/schema.js';
import type { OrderRow } from './orders.repository.js';

export type OrderVersionRow = Selectable<OrderVersionsTable>;

/** What a version copies of the file it delivers: a release's, or one uploaded for the order. */
export interface VersionFile {
  release_id: string | null;
  notes: string;
  file_path: string;
  file_name: string;
}

/** What the distribution of a release reads of it. */
export interface DistributedRelease {
  id: string;
  robot_id: string;
  version: string;
  version_key: string;
  released_at: string;
}

/**
 * The SQL of order versions (decision 0018): the files an order holds, by `seq`, the highest
 * current, each with its own download count. Built on the app's database or on the transaction
 * of the change it belongs to.
 */
export class OrderVersionsRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** The versions of these orders, each order's newest first. */
  async ofOrders(orderIds: readonly string[]): Promise<OrderVersionRow[]> {
    if (orderIds.length === 0) return [];
    return this.db
      .selectFrom('order_versions')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .orderBy('order_id')
      .orderBy('seq', 'desc')
      .execute();
  }

  /** The order's current version: its highest seq. */
  async current(orderId: string): Promise<OrderVersionRow | undefined> {
    return this.db
      .selectFrom('order_versions')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async find(orderId: string, versionId: string): Promise<OrderVersionRow | undefined> {
    return this.db
      .selectFrom('order_versions')
      .selectAll()
      .where('id', '=', versionId)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
  }

  async findById(versionId: string): Promise<OrderVersionRow | undefined> {
    return this.db.selectFrom('order_versions').selectAll().where('id', '=', versionId).executeTakeFirst();
  }

  private async nextSeq(orderId: string): Promise<number> {
    const row = await this.db
      .selectFrom('order_versions')
      .select((eb) => eb.fn.max<number | null>('seq').as('seq'))
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    return Number(row?.seq ?? 0) + 1;
  }

  /**
   * Adds the order's next version, labelled with its seq unless `label` says otherwise (a
   * release's version). Two versions added to one order at the same moment collide on the
   * order's seq: the loser's transaction fails with a unique violation.
   */
  async add(orderId: string, file: VersionFile, label?: string): Promise<OrderVersionRow> {
    const seq = await this.nextSeq(orderId);
    return this.db
      .insertInto('order_versions')
      .values({ id: randomUUID(), order_id: orderId, seq, label: label ?? String(seq), ...file })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Adds a release to the order unless it holds it already, or another version took the seq
   * meanwhile: undefined then, and nothing written. Idempotent, so instances distributing the
   * same release at once give each order one version (and one email).
   */
  async addRelease(orderId: string, file: VersionFile & { release_id: string }, label: string) {
    const seq = await this.nextSeq(orderId);
    return this.db
      .insertInto('order_versions')
      .values({ id: randomUUID(), order_id: orderId, seq, label, ...file })
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Completed orders of the release's robot that are due this release: they hold neither it, nor
   * a higher release, nor a build made for them since it was released (their owner's newer
   * choice). A few at a time, in a stable order.
   */
  async dueRelease(release: DistributedRelease, limit: number): Promise<OrderRow[]> {
    return this.db
      .selectFrom('orders as o')
      .selectAll('o')
      .where('o.robot_id', '=', release.robot_id)
      .where('o.status', '=', downloadableStatus)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('order_versions as v')
              .leftJoin('robot_releases as r', 'r.id', 'v.release_id')
              .select('v.id')
              .whereRef('v.order_id', '=', 'o.id')
              .where((eb) =>
                eb.or([
                  eb('v.release_id', '=', release.id),
                  eb('r.version_key', '>=', release.version_key),
                  eb.and([eb('v.release_id', 'is', null), eb('v.created_at', '>=', release.released_at)]),
                ]),
              ),
          ),
        ),
      )
      .orderBy('o.id')
      .limit(limit)
      .execute();
  }

  /**
   * Gives back up to `extra` used downloads of the order's current version (never below zero)
   * and records it; undefined when the order holds no version. Run it in a transaction.
   */
  async grant(orderId: string, extra: number, grantedBy: string): Promise<OrderVersionRow | undefined> {
    const current = await this.current(orderId);
    if (!current) return undefined;
    const version = await this.db
      .updateTable('order_versions')
      .set({
        download_count: sql<number>`case when download_count > ${extra} then download_count - ${extra} else 0 end`,
      })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('order_download_grants')
      .values({
        id: randomUUID(),
        order_id: orderId,
        version_id: version.id,
        granted_by: grantedBy,
        granted_at: new Date().toISOString(),
        extra,
      })
      .execute();
    return version;
  }
}
