import type { Kysely } from 'kysely';
import type { RobotListQuery } from '../../../shared/schemas/catalogue.js';
import type { Database, Robot } from '../../db/schema.js';

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
    return select.orderBy(column, descending ? 'desc' : 'asc').orderBy('id').execute();
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
}
