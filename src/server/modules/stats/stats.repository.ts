import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, RobotsTable, RobotStatsTable } from '../../db/schema.js';
import { TrackRecordRepository } from './track-record.repository.js';

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

  /**
   * Runs `work` in one transaction with the stats records and the track records (a push writes
   * both or neither). On SQLite the connection is the transaction's until it ends: `work` uses
   * only the repositories it is given.
   */
  async transaction<T>(work: (stats: StatsRepository, track: TrackRecordRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new StatsRepository(trx), new TrackRecordRepository(trx)));
  }

  /**
   * Upserts by robot name, in one transaction; a name repeated in the batch ends with its last
   * values. Names are written in order, so two pushes lock their rows in the same order.
   */
  async upsertRecords(records: StatsRecordWrite[], now: string): Promise<void> {
    if (records.length === 0) return;
    const upsert = async (db: Kysely<Database>) => {
      // A stable sort: a repeated name keeps its records' order.
      const sorted = [...records].sort((a, b) =>
        a.robot_name < b.robot_name ? -1 : a.robot_name > b.robot_name ? 1 : 0,
      );
      for (const { robot_name, values } of sorted) {
        await db
          .insertInto('robot_stats')
          .values({ id: randomUUID(), robot_name, ...values, updated_at: now })
          .onConflict((conflict) => conflict.column('robot_name').doUpdateSet({ ...values, updated_at: now }))
          .execute();
      }
    };
    if (this.db.isTransaction) await upsert(this.db);
    else await this.db.transaction().execute(upsert);
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
