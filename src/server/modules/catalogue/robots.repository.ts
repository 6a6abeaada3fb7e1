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

  async insert(robot: Omit<NewRobot, 'id'>): Promise<Robot> {
    return this.db
      .insertInto('robots')
      .values({ id: randomUUID(), ...robot })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: string, patch: RobotUpdate): Promise<Robot | undefined> {
    return this.db
      .updateTable('robots')
      .set({ ...patch, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Orders keep their robot's name; their link to it is cleared (DESIGN deviation 2). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('robots').where('id', '=', id).execute();
  }
}
