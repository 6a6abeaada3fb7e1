import {
  parseStatValue,
  statsRecordFields,
  type StatsRecordField,
  type StatsRecordInput,
} from '../../../shared/schemas/stats.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { TrackRecordRepository } from './track-record.repository.js';
import { TrackRecordService, type PushSource } from './track-record.service.js';
import { StatsRepository, type RobotFigures, type StatsRecordRow, type StatsRecordWrite } from './stats.repository.js';

/**
 * Which robot column each figure of a stats record feeds. The record's `profit` is the robot's
 * floating P&L (SPEC §3 "profit (used as floating)"); the robot's own `profit` column is not fed
 * by the workflow and keeps what the administrator or the seed put there.
 */
export const recordToRobotColumn = {
  winrate: 'winrate',
  balance: 'balance',
  weekly: 'weekly',
  profit_factor: 'profit_factor',
  monthly: 'monthly',
  profit: 'floating',
  daily: 'daily',
} as const satisfies Record<StatsRecordField, keyof RobotFigures>;

/** Parses a pushed record: a figure sent is stored as a number (or null), one left out is not touched. */
export function toStatsWrite(record: StatsRecordInput): StatsRecordWrite {
  const values: StatsRecordWrite['values'] = {};
  for (const field of statsRecordFields) {
    const value = record[field];
    if (value !== undefined) values[field] = value === null ? null : parseStatValue(value);
  }
  return { robot_name: record.robot_name, values };
}

/**
 * SPEC §5: each figure of the record is parsed; a non-zero value replaces the robot's own, zero
 * (including missing and non-numeric) keeps it. Returns only the columns that change.
 */
export function statsChanges(own: RobotFigures, record: StatsRecordRow): Partial<RobotFigures> {
  const changes: Partial<RobotFigures> = {};
  for (const field of statsRecordFields) {
    const value = parseStatValue(record[field]);
    const column = recordToRobotColumn[field];
    if (value !== 0 && value !== own[column]) changes[column] = value;
  }
  return changes;
}

export type RobotRefreshOutcome = 'no-record' | 'unchanged' | 'changed';

export interface PushOutcome {
  accepted: number;
  /** Names whose track-record data no robot took. */
  unknownRobots: string[];
}

export class StatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly trackRecords: TrackRecordService,
    /** Called after a push that changed a track record, e.g. to drop cached catalogue answers. */
    private readonly onTrackRecordChanged: () => void = () => undefined,
  ) {}

  /**
   * Stores pushed records: SPEC's figures by robot name (applied to the robots by the next
   * refresh), and their track-record data at once (readings, cash flows, trades), all in one
   * transaction. Pushing the same records again changes nothing.
   */
  async push(records: StatsRecordInput[], source: PushSource = 'hook'): Promise<PushOutcome> {
    const now = new Date().toISOString();
    const { unknownRobots, changed } = await this.stats.transaction(async (stats, track) => {
      await stats.upsertRecords(records.map(toStatsWrite), now);
      return this.trackRecords.receive(track, records, source, now);
    });
    if (changed) this.onTrackRecordChanged();
    return { accepted: records.length, unknownRobots };
  }

  listActiveRobots(): Promise<Array<{ id: string; name: string }>> {
    return this.stats.listActiveRobots();
  }

  /**
   * Applies the robot's stats record, if it has one: the figures per SPEC §5, the time of the
   * update, and a history row only when a figure changed. The robot is read again here rather
   * than taken from the list, so an administrator's edit made during a refresh is not undone.
   */
  async refreshRobot(robot: { id: string; name: string }, now: string): Promise<RobotRefreshOutcome> {
    const record = await this.stats.findRecord(robot.name);
    if (!record) return 'no-record';
    const own = await this.stats.findRobotFigures(robot.id);
    if (!own) return 'no-record';
    const changes = statsChanges(own, record);
    const changed = Object.keys(changes).length > 0;
    await this.stats.applyFigures(robot.id, changes, now, changed ? { ...own, ...changes } : null);
    return changed ? 'changed' : 'unchanged';
  }
}

/** The stats of one database with its track records; `onTrackRecordChanged` runs after a push changed one. */
export function createStatsService(
  db: Kysely<Database>,
  onTrackRecordChanged?: () => void,
): { stats: StatsService; trackRecords: TrackRecordService } {
  const trackRecords = new TrackRecordService(new TrackRecordRepository(db));
  return { stats: new StatsService(new StatsRepository(db), trackRecords, onTrackRecordChanged), trackRecords };
}
