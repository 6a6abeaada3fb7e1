import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, RobotsTable, RobotStatsTable } from '../../db/schema.js';

export type StatsRecordRow = Selectable<RobotStatsTable>;

/** A record to store: the figures present are written, absent ones are left as they are. */
export interface StatsRecordWrite {
  robot_name: string;
  values: Partial<
    Record<'winrate' | 'balance' | 'weekly' | 'profit_factor' | 'monthly' | 'profit' | 'daily', number | null>
  >;
}

/** The live figures of a robot, as the refresher reads and writes them. */
export const robotFigureColumns = [
  'winrate',
  'balance',
  'profit',
  'profit_factor',
  'weekly',
  'monthly',
  'floating',
  'daily',
] as const;
export type RobotFigures = Pick<Selectable<RobotsTable>, (typeof robotFigureColumns)[number]>;

export class StatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Upserts by robot name in one transaction; a name repeated in the batch ends with its last values. */
  async upsertRecords(records: StatsRecordWrite[], now: string): Promise<void> {
    if (records.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const { robot_name, values } of records) {
        await trx
          .insertInto('robot_stats')
          .values({ id: randomUUID(), robot_name, ...values, updated_at: now })
          .onConflict((conflict) => conflict.column('robot_name').doUpdateSet({ ...values, updated_at: now }))
          .execute();
      }
    });
  }

  async findRecord(robotName: string): Promise<StatsRecordRow | undefined> {
    return this.db.selectFrom('robot_stats').selectAll().where('robot_name', '=', robotName).executeTakeFirst();
  }

  async listActiveRobots(): Promise<Array<{ id: string; name: string }>> {
    return this.db
      .selectFrom('robots')
      .select(['id', 'name'])
      .where('status', '=', 'active')
      .orderBy('created_date')
      .orderBy('id')
      .execute();
  }

  async findRobotFigures(robotId: string): Promise<RobotFigures | undefined> {
    return this.db.selectFrom('robots').select(robotFigureColumns).where('id', '=', robotId).executeTakeFirst();
  }

  /**
   * Writes the figures that changed and the time of the update and, when `history` is given,
   * appends it to the robot's history, together.
   */
  async applyFigures(
    robotId: string,
    changes: Partial<RobotFigures>,
    now: string,
    history: RobotFigures | null,
  ): Promise<void> {
    const set: Updateable<RobotsTable> = { ...changes, last_stats_update: now };
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('robots').set(set).where('id', '=', robotId).execute();
      if (history)
        await trx
          .insertInto('robot_stats_history')
          .values({ robot_id: robotId, recorded_at: now, ...history })
          .execute();
    });
  }
}
