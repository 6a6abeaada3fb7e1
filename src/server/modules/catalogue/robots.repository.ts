import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RobotListQuery } from '../../../shared/schemas/catalogue.js';
import type { Database, NewRobot, Robot, RobotUpdate } from '../../db/schema.js';

export class RobotsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: RobotListQuery): Promise<Robot[]> {
    const descending = query.sort.startsWith('-');
    const column = (descending ? query.sort.slice(1) : query.sort) as 'created_date';
    let select = this.db.selectFrom('robots').selectAll();
    if (query.status) select = select.where('status', '=', query.status);
    if (query.category) select = select.where('category', '=', query.category);
    if (query.risk_level) select = select.where('risk_level', '=', query.risk_level);
    // The id breaks ties so that the order is stable between calls.
    return select
      .orderBy(column, descending ? 'desc' : 'asc')
      .orderBy('id')
      .execute();
  }

  async findById(id: string): Promise<Robot | undefined> {
    return this.db.selectFrom('robots').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findBySlug(slug: string): Promise<Robot | undefined> {
    return this.db.selectFrom('robots').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  /** The robot that once had `slug` and has another now. */
  async findByFormerSlug(slug: string): Promise<Robot | undefined> {
    return this.db
      .selectFrom('robot_slug_history')
      .innerJoin('robots', 'robots.id', 'robot_slug_history.robot_id')
      .selectAll('robots')
      .where('robot_slug_history.slug', '=', slug)
      .executeTakeFirst();
  }

  /** Every former slug and the robot it leads to. */
  async formerSlugs(): Promise<Array<{ slug: string; robot_id: string }>> {
    return this.db.selectFrom('robot_slug_history').select(['slug', 'robot_id']).execute();
  }

  /**
   * The slugs, current or former, that `base` or `base-<n>` would clash with: a new slug made
   * from a name takes none of them, so it never takes over another robot's old address.
   */
  async slugsStartingWith(base: string, exceptRobotId?: string): Promise<Set<string>> {
    // Slugs hold only [a-z0-9-]: nothing in `base` is a LIKE wildcard.
    let current = this.db
      .selectFrom('robots')
      .select('slug')
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
    if (exceptRobotId) current = current.where('id', '<>', exceptRobotId);
    let former = this.db
      .selectFrom('robot_slug_history')
      .select('slug')
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
    if (exceptRobotId) former = former.where('robot_id', '<>', exceptRobotId);
    const rows = [...(await current.execute()), ...(await former.execute())];
    return new Set(rows.map((row) => row.slug));
  }

  async history(robotId: string, limit: number) {
    const rows = await this.db
      .selectFrom('robot_stats_history')
      .select(['recorded_at', 'balance', 'winrate', 'profit', 'floating'])
      .where('robot_id', '=', robotId)
      .orderBy('recorded_at', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  /** A robot's current slug is its address: no former slug of another robot may lead elsewhere. */
  async insert(robot: Omit<NewRobot, 'id'>): Promise<Robot> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('robot_slug_history').where('slug', '=', robot.slug).execute();
      return trx
        .insertInto('robots')
        .values({ id: randomUUID(), ...robot })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /**
   * Updates in one transaction; a new slug keeps the one it replaces in the robot's history, so
   * the old address still leads to it, and takes its own address back from any history.
   */
  async update(id: string, patch: RobotUpdate): Promise<Robot | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const before = patch.slug
        ? await trx.selectFrom('robots').select('slug').where('id', '=', id).executeTakeFirst()
        : undefined;
      const updated = await trx
        .updateTable('robots')
        .set({ ...patch, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (updated && before && before.slug !== updated.slug) {
        await trx.deleteFrom('robot_slug_history').where('slug', 'in', [before.slug, updated.slug]).execute();
        await trx.insertInto('robot_slug_history').values({ slug: before.slug, robot_id: id }).execute();
      }
      return updated;
    });
  }

  /** Orders keep their robot's name; their link to it is cleared (DESIGN deviation 2). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('robots').where('id', '=', id).execute();
  }
}
