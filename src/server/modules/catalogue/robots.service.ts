import { mapTranslations, toColumns } from '../../../shared/localized-text.js';
import { freeSlug, slugFromName } from '../../../shared/robot-slug.js';
import type { Robot, RobotInput, RobotPatch } from '../../../shared/schemas/catalogue.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { RobotUpdate } from '../../db/schema.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import type { AdminCrudService } from '../../http/admin-crud.js';
import { sanitizeLocalizedRichText } from '../../text/sanitize-rich-text.js';
import { saleProblem, type RobotReleasesService } from '../robot-releases/robot-releases.service.js';
import { toRobot } from './catalogue.service.js';
import type { CategoriesRepository } from './categories.repository.js';
import { trialProblem } from './robot-trial.js';
import type { RobotsRepository } from './robots.repository.js';

/** The column default of licence_demo_slots (migration 0010). */
const DEFAULT_DEMO_SLOTS = 2;

/** Two administrators saving robots of the same name at once: the loser tries the next free slug. */
const SLUG_ATTEMPTS = 3;

function duplicateSlug(slug: string): ConflictError {
  return new ConflictError(`The address /robots/${slug} is already used by another robot.`, 'duplicate_slug', {
    'body.slug': 'already used by another robot',
  });
}

/** What deleting a robot asks of its releases: their files, unless orders hold them. */
export type ReleaseFiles = Pick<RobotReleasesService, 'filesOfRobot' | 'forgetFiles'>;

/**
 * Robot management (SPEC §2, §5): every robot, active or not; descriptions stored sanitised; a
 * unique slug per robot (issue 19 §4), written by the administrator or made from the name.
 */
export class RobotsService implements AdminCrudService<Robot, RobotInput, RobotPatch> {
  constructor(
    private readonly robots: RobotsRepository,
    private readonly categories: CategoriesRepository,
    private readonly releaseFiles: ReleaseFiles,
  ) {}

  async list(): Promise<Robot[]> {
    return (await this.robots.list({ sort: '-created_date' })).map(toRobot);
  }

  async get(id: string): Promise<Robot | undefined> {
    const row = await this.robots.findById(id);
    return row && toRobot(row);
  }

  /**
   * The columns to write: rich text cleaned and features as JSON text, each language in its own
   * column (issue 19 §2) and only the languages sent, so an update of one keeps the other
   * (decision 0022); the category checked; the slug apart.
   */
  private async columns(input: RobotPatch): Promise<RobotUpdate> {
    const { features, description, slug: _slug, ...rest } = input;
    const columns: RobotUpdate = { ...rest };
    if (description !== undefined)
      Object.assign(columns, toColumns('description', sanitizeLocalizedRichText(description)));
    if (features !== undefined)
      Object.assign(
        columns,
        toColumns(
          'features',
          mapTranslations(features, (list: string[]) => JSON.stringify(list)),
        ),
      );
    if (input.category && !(await this.categories.findByKey(input.category))) {
      throw new BadRequestError('Invalid body.category: no such category', { 'body.category': 'no such category' });
    }
    return columns;
  }

  /** The first free slug made from `name`, taking no other robot's current or former address. */
  private async slugFromName(name: string, robotId?: string): Promise<string> {
    const base = slugFromName(name);
    const taken = await this.robots.slugsStartingWith(base, robotId);
    return freeSlug(base, (slug) => taken.has(slug));
  }

  /**
   * Runs `write` with the slug to use: the administrator's, refused with 409 when another robot
   * has it, or one made from the name, made again if another save took it meanwhile. Each attempt
   * is its own transaction (PostgreSQL gives up a transaction at its first unique violation).
   */
  private async withSlug<T>(
    chosen: string | undefined,
    name: string,
    robotId: string | undefined,
    write: (slug: string) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const slug = chosen || (await this.slugFromName(name, robotId));
      try {
        return await write(slug);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (chosen || attempt >= SLUG_ATTEMPTS) throw duplicateSlug(slug);
      }
    }
  }

  /** A new robot has no release yet: delivered automatically, it starts inactive (decision 0018). */
  async create(input: RobotInput): Promise<Robot> {
    const problem = saleProblem({ status: input.status ?? 'active', delivery: input.delivery ?? 'per_order' }, 0);
    if (problem) throw problem;
    const trial = trialProblem({
      trial_days: input.trial_days ?? null,
      licence_required: input.licence_required ?? false,
      licence_demo_slots: input.licence_demo_slots ?? DEFAULT_DEMO_SLOTS,
      delivery: input.delivery ?? 'per_order',
    });
    if (trial) throw trial;
    const columns = await this.columns(input);
    return this.withSlug(input.slug, input.name, undefined, async (slug) =>
      toRobot(await this.robots.insert({ ...columns, name: input.name, price: input.price, slug })),
    );
  }

  /**
   * Writes the patch, then checks the robot as it now is: active with automatic delivery needs a
   * release, and a free trial needs the licence and automatic delivery (decision 0020). The check runs in the write's transaction, after the write took the robot's row,
   * so a release deleted at the same moment cannot leave such a robot without one.
   */
  private async writeChecked(id: string, columns: RobotUpdate): Promise<Robot> {
    return this.robots.transaction(async (robots) => {
      const updated = await robots.update(id, columns);
      if (!updated) throw new NotFoundError('No such robot.');
      const problem = saleProblem(updated, await robots.releaseCount(id));
      if (problem) throw problem;
      // Decision 0020: the robot as saved may offer its trial, or the whole write is undone.
      const trial = trialProblem(updated);
      if (trial) throw trial;
      return toRobot(updated);
    });
  }

  /** A slug left empty is made again from the (new) name; one not sent stays as it is, whatever the name becomes. */
  async update(id: string, patch: RobotPatch): Promise<Robot> {
    const columns = await this.columns(patch);
    if (patch.slug === undefined) return this.writeChecked(id, columns);
    const current = await this.robots.findById(id);
    if (!current) throw new NotFoundError('No such robot.');
    return this.withSlug(patch.slug, patch.name ?? current.name, id, (slug) =>
      this.writeChecked(id, { ...columns, slug }),
    );
  }

  /** Orders keep the robot's name (DESIGN deviation 2) and the release files they hold. */
  async remove(id: string): Promise<void> {
    if (!(await this.robots.findById(id))) throw new NotFoundError('No such robot.');
    const files = await this.releaseFiles.filesOfRobot(id);
    await this.robots.delete(id);
    await this.releaseFiles.forgetFiles(files);
  }
}
