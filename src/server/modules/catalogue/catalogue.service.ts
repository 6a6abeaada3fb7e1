import type { Category, Robot, RobotListQuery, RobotStatsHistoryPoint } from '../../../shared/schemas/catalogue.js';
import type { Robot as RobotRow } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';
import type { CategoriesRepository } from './categories.repository.js';
import type { RobotsRepository } from './robots.repository.js';

const HISTORY_POINTS = 365;

function parseFeatures(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function toRobot(row: RobotRow): Robot {
  return { ...row, features: parseFeatures(row.features) };
}

/** What visitors may read of the catalogue: active categories and active robots only. */
export class CatalogueService {
  constructor(
    private readonly categories: CategoriesRepository,
    private readonly robots: RobotsRepository,
  ) {}

  listActiveCategories(): Promise<Category[]> {
    return this.categories.listActive();
  }

  async listPublicRobots(query: RobotListQuery): Promise<Robot[]> {
    const rows = await this.robots.list({ ...query, status: 'active' });
    return rows.map(toRobot);
  }

  async getPublicRobot(id: string): Promise<Robot> {
    const row = await this.robots.findById(id);
    if (!row || row.status !== 'active') throw new NotFoundError('Robot not found');
    return toRobot(row);
  }

  async getPublicRobotHistory(id: string): Promise<RobotStatsHistoryPoint[]> {
    await this.getPublicRobot(id);
    return this.robots.history(id, HISTORY_POINTS);
  }
}
