import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RobotListQuery } from '../../../shared/schemas/catalogue.js';
import type { Database, NewRobot, Robot as RobotColumns, RobotUpdate } from '../../db/schema.js';

/** A robot with the version of its current release (decision 0018), null before the first. */
export type RobotRow = RobotColumns & { current_version: string | null };

export class RobotsRepository {
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

  /** How many releases the robot has (a robot for sale with automatic delivery needs one). */
  async releaseCount(robotId: string): Promise<number> {
    const row = await this.db
      .selectFrom('robot_releases')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('robot_id', '=', robotId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
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

  async insert(robot: Omit<NewRobot, 'id'>): Promise<RobotRow> {
    const id = randomUUID();
    await this.db
      .insertInto('robots')
      .values({ id, ...robot })
      .execute();
    return (await this.findById(id))!;
  }

  async update(id: string, patch: RobotUpdate): Promise<RobotRow | undefined> {
    const updated = await this.db
      .updateTable('robots')
      .set({ ...patch, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1 ? this.findById(id) : undefined;
  }

  /** Orders keep their robot's name; their link to it is cleared (DESIGN deviation 2). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('robots').where('id', '=', id).execute();
  }
}
