import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, RobotReleasesTable } from '../../db/schema.js';

export type ReleaseRow = Selectable<RobotReleasesTable>;
export type ReleaseListRow = ReleaseRow & { orders: number };

/** What the release rules read of a robot. */
export interface ReleaseRobot {
  id: string;
  name: string;
  status: 'active' | 'inactive';
  delivery: 'per_order' | 'automatic';
}

/** The SQL of robot releases (decision 0018). */
export class RobotReleasesRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction (joins the one `db` already is, if any). */
  async transaction<T>(work: (releases: RobotReleasesRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new RobotReleasesRepository(trx)));
  }

  async robot(robotId: string): Promise<ReleaseRobot | undefined> {
    return this.db
      .selectFrom('robots')
      .select(['id', 'name', 'status', 'delivery'])
      .where('id', '=', robotId)
      .executeTakeFirst();
  }

  /**
   * Takes the robot's row lock for the rest of the transaction (a write that changes nothing), so
   * that a release added or deleted and the robot's own update (its status, its delivery) happen
   * one after the other on PostgreSQL; SQLite runs one write transaction at a time anyway. False
   * when there is no such robot.
   */
  async lockRobot(robotId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('robots')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', robotId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Takes the release's row lock the same way: a release being delivered to an order and the
   * same release being deleted happen one after the other. False when it is gone.
   */
  async lockRelease(releaseId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('robot_releases')
      .set((eb) => ({ distributed_at: eb.ref('distributed_at') }))
      .where('id', '=', releaseId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The robot's releases, highest version first, with how many orders hold each. */
  async list(robotId: string): Promise<ReleaseListRow[]> {
    const rows = await this.db
      .selectFrom('robot_releases as r')
      .selectAll('r')
      .select((eb) =>
        eb
          .selectFrom('order_versions as v')
          .select((count) => count.fn.countAll<number>().as('orders'))
          .whereRef('v.release_id', '=', 'r.id')
          .as('orders'),
      )
      .where('r.robot_id', '=', robotId)
      .orderBy('r.version_key', 'desc')
      .execute();
    return rows.map((row) => ({ ...row, orders: Number(row.orders ?? 0) }));
  }

  /** The robot's current release: its highest version. */
  async current(robotId: string): Promise<ReleaseRow | undefined> {
    return this.db
      .selectFrom('robot_releases')
      .selectAll()
      .where('robot_id', '=', robotId)
      .orderBy('version_key', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async find(robotId: string, releaseId: string): Promise<ReleaseRow | undefined> {
    return this.db
      .selectFrom('robot_releases')
      .selectAll()
      .where('id', '=', releaseId)
      .where('robot_id', '=', robotId)
      .executeTakeFirst();
  }

  async count(robotId: string): Promise<number> {
    const row = await this.db
      .selectFrom('robot_releases')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('robot_id', '=', robotId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insert(release: Insertable<RobotReleasesTable>): Promise<ReleaseRow> {
    return this.db.insertInto('robot_releases').values(release).returningAll().executeTakeFirstOrThrow();
  }

  /** Whether any order holds the release. */
  async isDelivered(releaseId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('order_versions')
      .select('id')
      .where('release_id', '=', releaseId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async delete(releaseId: string): Promise<void> {
    await this.db.deleteFrom('robot_releases').where('id', '=', releaseId).execute();
  }

  /** Every release file of the robot (they go when the robot goes, unless an order holds them). */
  async filesOfRobot(robotId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('robot_releases')
      .select('file_path')
      .where('robot_id', '=', robotId)
      .execute();
    return rows.map((row) => row.file_path);
  }

  /** Whether an order's version or a release still names the file. */
  async fileInUse(filePath: string): Promise<boolean> {
    const [version, release] = await Promise.all([
      this.db.selectFrom('order_versions').select('id').where('file_path', '=', filePath).limit(1).executeTakeFirst(),
      this.db.selectFrom('robot_releases').select('id').where('file_path', '=', filePath).limit(1).executeTakeFirst(),
    ]);
    return version !== undefined || release !== undefined;
  }

  /**
   * Releases the distribution job has still to look at: not yet marked distributed, and current
   * (a higher version of the same robot is what its orders get instead).
   */
  async pendingCurrent(): Promise<ReleaseRow[]> {
    return this.db
      .selectFrom('robot_releases as r')
      .selectAll('r')
      .where('r.distributed_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('robot_releases as higher')
              .select('higher.id')
              .whereRef('higher.robot_id', '=', 'r.robot_id')
              .whereRef('higher.version_key', '>', 'r.version_key'),
          ),
        ),
      )
      .orderBy('r.released_at')
      .execute();
  }

  async markDistributed(releaseId: string, at: string): Promise<void> {
    await this.db
      .updateTable('robot_releases')
      .set({ distributed_at: at })
      .where('id', '=', releaseId)
      .where('distributed_at', 'is', null)
      .execute();
  }
}
