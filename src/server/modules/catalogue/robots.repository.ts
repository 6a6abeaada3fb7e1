import { randomUUID } from 'node:crypto';
import type { CompiledQuery, Kysely } from 'kysely';
import type { RobotListQuery } from '../../../shared/schemas/catalogue.js';
import { directStatements } from '../../db/direct-statements.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database, NewRobot, Robot as RobotColumns, RobotUpdate } from '../../db/schema.js';

/** A robot with the version of its current release (decision 0018), null before the first. */
export type RobotRow = RobotColumns & { current_version: string | null };

/** What an order takes from its robot: the name and the price it is sold at now. */
export type OrderableRobot = Pick<RobotColumns, 'id' | 'name' | 'price'>;

export class RobotsRepository {
  private orderableQuery?: (id: string) => CompiledQuery<OrderableRobot>;

  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction (joins the one `db` already is, if any). */
  async transaction<T>(work: (robots: RobotsRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new RobotsRepository(trx)));
  }

  /** The robots' columns and their highest release's version. */
  private robots() {
    return this.db
      .selectFrom('robots')
      .selectAll('robots')
      .select((eb) =>
        eb
          .selectFrom('robot_releases')
          .select('robot_releases.version')
          .whereRef('robot_releases.robot_id', '=', 'robots.id')
          .orderBy('robot_releases.version_key', 'desc')
          .limit(1)
          .as('current_version'),
      );
  }

  async list(query: RobotListQuery): Promise<RobotRow[]> {
    const descending = query.sort.startsWith('-');
    const column = (descending ? query.sort.slice(1) : query.sort) as 'created_date';
    let select = this.robots();
    if (query.status) select = select.where('robots.status', '=', query.status);
    if (query.category) select = select.where('robots.category', '=', query.category);
    if (query.risk_level) select = select.where('robots.risk_level', '=', query.risk_level);
    // The id breaks ties so that the order is stable between calls.
    return select
      .orderBy(`robots.${column}`, descending ? 'desc' : 'asc')
      .orderBy('robots.id')
      .execute();
  }

  async findById(id: string): Promise<RobotRow | undefined> {
    return this.robots().where('robots.id', '=', id).executeTakeFirst();
  }

  /**
   * The active robot `id` as a new order needs it, nothing more: every order reads it, and the
   * whole robot (its texts, lists and current release) cost more than the order's own insert
   * (issue 21 §2). Compiled once and run past Kysely's executor where the engine allows.
   */
  async findOrderable(id: string): Promise<OrderableRobot | undefined> {
    this.orderableQuery ??= preparedQuery((robotId: string) =>
      this.db
        .selectFrom('robots')
        .select(['id', 'name', 'price'])
        .where('id', '=', robotId)
        .where('status', '=', 'active'),
    );
    const [row] = await directStatements(this.db).read(this.orderableQuery(id));
    return row;
  }

  /** How many releases the robot has (a robot for sale with automatic delivery needs one). */
  async releaseCount(robotId: string): Promise<number> {
    const row = await this.db
      .selectFrom('robot_releases')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('robot_id', '=', robotId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async findBySlug(slug: string): Promise<RobotRow | undefined> {
    return this.robots().where('robots.slug', '=', slug).executeTakeFirst();
  }

  /** The robot that once had `slug` and has another now. */
  async findByFormerSlug(slug: string): Promise<RobotRow | undefined> {
    return this.robots()
      .innerJoin('robot_slug_history', 'robot_slug_history.robot_id', 'robots.id')
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
  async insert(robot: Omit<NewRobot, 'id'>): Promise<RobotRow> {
    return this.transaction(async (robots) => {
      await robots.db.deleteFrom('robot_slug_history').where('slug', '=', robot.slug).execute();
      const id = randomUUID();
      await robots.db
        .insertInto('robots')
        .values({ id, ...robot })
        .execute();
      return (await robots.findById(id))!;
    });
  }

  /**
   * Updates in one transaction (the caller's, if any); a new slug keeps the one it replaces in the
   * robot's history, so the old address still leads to it, and takes its own address back from
   * any history.
   */
  async update(id: string, patch: RobotUpdate): Promise<RobotRow | undefined> {
    return this.transaction(async (robots) => {
      const before = patch.slug
        ? await robots.db.selectFrom('robots').select('slug').where('id', '=', id).executeTakeFirst()
        : undefined;
      const updated = await robots.db
        .updateTable('robots')
        .set({ ...patch, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return undefined;
      if (before && patch.slug && before.slug !== patch.slug) {
        await robots.db.deleteFrom('robot_slug_history').where('slug', 'in', [before.slug, patch.slug]).execute();
        await robots.db.insertInto('robot_slug_history').values({ slug: before.slug, robot_id: id }).execute();
      }
      return robots.findById(id);
    });
  }

  /** Orders keep their robot's name; their link to it is cleared (DESIGN deviation 2). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('robots').where('id', '=', id).execute();
  }
}
