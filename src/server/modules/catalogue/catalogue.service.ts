import type { Kysely } from 'kysely';
import { fromColumns, parseStoredList } from '../../../shared/localized-text.js';
import type { Category, Robot, RobotListQuery, RobotStatsHistoryPoint } from '../../../shared/schemas/catalogue.js';
import type { Database } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';
import type { PublicCache } from '../../http/public-cache.js';
import { CategoriesRepository } from './categories.repository.js';
import { RobotsRepository, type OrderableRobot, type RobotRow } from './robots.repository.js';

const HISTORY_POINTS = 365;

/** A robot as the API sends it: its description and features in each language (issue 19 §2). */
export function toRobot(row: RobotRow): Robot {
  const { description_en, description_fr, features_en, features_fr, ...rest } = row;
  return {
    ...rest,
    description: fromColumns({ description_en, description_fr }, 'description'),
    features: { en: parseStoredList(features_en), fr: parseStoredList(features_fr) },
  };
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

  /** The active robot a new order is for, with its current name and price; a 404 like getPublicRobot's. */
  async getOrderableRobot(id: string): Promise<OrderableRobot> {
    const robot = await this.robots.findOrderable(id);
    if (!robot) throw new NotFoundError('Robot not found');
    return robot;
  }

  /**
   * The slug of the robot's page while it has one (an active robot), for a link to it from an
   * order or an email; null for an inactive or deleted robot, whose address would not open.
   */
  async publicRobotSlug(id: string | null): Promise<string | null> {
    if (id === null) return null;
    const row = await this.robots.findById(id);
    return row?.status === 'active' ? row.slug : null;
  }

  /**
   * The active robot at `/robots/<slug>`, or the one whose address it was before a rename: the
   * answer carries the current slug, so the page can move to its address.
   */
  async getPublicRobotBySlug(slug: string): Promise<Robot> {
    const row = (await this.robots.findBySlug(slug)) ?? (await this.robots.findByFormerSlug(slug));
    if (!row || row.status !== 'active') throw new NotFoundError('Robot not found');
    return toRobot(row);
  }

  /** Each former slug and the robot it now leads to (active or not: the caller checks). */
  async formerSlugs(): Promise<Map<string, string>> {
    return new Map((await this.robots.formerSlugs()).map((row) => [row.slug, row.robot_id]));
  }

  async getPublicRobotHistory(id: string): Promise<RobotStatsHistoryPoint[]> {
    await this.getPublicRobot(id);
    return this.robots.history(id, HISTORY_POINTS);
  }
}

/** The catalogue of one database, for orders and the page renderer (html/) as for the module itself. */
export function createCatalogueService(db: Kysely<Database>): CatalogueService {
  return new CatalogueService(new CategoriesRepository(db), new RobotsRepository(db));
}

/**
 * The active robots, newest first, kept under the public cache's rules. Public reads check an id
 * or a category against it before caching anything under that name: a flood of invented ids
 * costs neither a database read nor a cache entry.
 */
export function activePublicRobots(cache: PublicCache, catalogue: CatalogueService): Promise<Robot[]> {
  return cache.memo('robots:active', () => catalogue.listPublicRobots({ sort: '-created_date' }));
}

/** The former slugs, kept like the active robots: an invented `/robots/<slug>` costs no database read. */
export function formerRobotSlugs(cache: PublicCache, catalogue: CatalogueService): Promise<Map<string, string>> {
  return cache.memo('robots:former-slugs', () => catalogue.formerSlugs());
}
