import type { Robot, RobotInput } from '../../../shared/schemas/catalogue.js';
import type { RobotUpdate } from '../../db/schema.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import type { AdminCrudService } from '../../http/admin-crud.js';
import { sanitizeRichText } from '../../text/sanitize-rich-text.js';
import { toRobot } from './catalogue.service.js';
import type { CategoriesRepository } from './categories.repository.js';
import { trialProblem } from './robot-trial.js';
import type { RobotsRepository } from './robots.repository.js';

/** The column default of licence_demo_slots (migration 0010). */
const DEFAULT_DEMO_SLOTS = 2;

type RobotPatch = Partial<RobotInput>;

/** Robot management (SPEC §2, §5): every robot, active or not; descriptions stored sanitised. */
export class RobotsService implements AdminCrudService<Robot, RobotInput, RobotPatch> {
  constructor(
    private readonly robots: RobotsRepository,
    private readonly categories: CategoriesRepository,
  ) {}

  async list(): Promise<Robot[]> {
    return (await this.robots.list({ sort: '-created_date' })).map(toRobot);
  }

  async get(id: string): Promise<Robot | undefined> {
    const row = await this.robots.findById(id);
    return row && toRobot(row);
  }

  /** The columns to write: rich text cleaned, features as JSON text, the category checked. */
  private async columns(input: RobotPatch): Promise<RobotUpdate> {
    const { features, description, ...rest } = input;
    const columns: RobotUpdate = { ...rest };
    if (description !== undefined) columns.description = sanitizeRichText(description);
    if (features !== undefined) columns.features = JSON.stringify(features);
    if (input.category && !(await this.categories.findByKey(input.category))) {
      throw new BadRequestError('Invalid body.category: no such category', { 'body.category': 'no such category' });
    }
    return columns;
  }

  async create(input: RobotInput): Promise<Robot> {
    const trial = trialProblem({
      trial_days: input.trial_days ?? null,
      licence_required: input.licence_required ?? false,
      licence_demo_slots: input.licence_demo_slots ?? DEFAULT_DEMO_SLOTS,
    });
    if (trial) throw trial;
    const columns = await this.columns(input);
    return toRobot(await this.robots.insert({ ...columns, name: input.name, price: input.price }));
  }

  async update(id: string, patch: RobotPatch): Promise<Robot> {
    const current = await this.robots.findById(id);
    if (!current) throw new NotFoundError('No such robot.');
    // The robot as it would be saved (decision 0020).
    const trial = trialProblem({
      trial_days: patch.trial_days === undefined ? current.trial_days : patch.trial_days,
      licence_required: patch.licence_required ?? current.licence_required,
      licence_demo_slots: patch.licence_demo_slots ?? current.licence_demo_slots,
    });
    if (trial) throw trial;
    const updated = await this.robots.update(id, await this.columns(patch));
    if (!updated) throw new NotFoundError('No such robot.');
    return toRobot(updated);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.robots.findById(id))) throw new NotFoundError('No such robot.');
    await this.robots.delete(id);
  }
}
