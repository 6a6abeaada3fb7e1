import type { Language } from '../../../shared/constants.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import type { Order } from '../../../shared/schemas/orders.js';
import type { CurrentUser } from '../../auth/access.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { ConflictError } from '../../errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { OrderStatusChanger } from './order-status.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';
import type { TrialEmails } from './trial-emails.js';
import { TrialOrdersRepository } from './trial-orders.repository.js';

const DAY_MS = 86_400_000;
/** The client is told this long before the trial ends… */
export const TRIAL_REMINDER_MARGIN_MS = DAY_MS;
/** …or halfway through a trial shorter than twice that (a one-day trial: 12 hours before). */
export function reminderMarginMs(order: Pick<OrderRow, 'created_date' | 'trial_ends_at'>, marginMs: number): number {
  const length = Date.parse(order.trial_ends_at!) - Date.parse(order.created_date);
  return Math.min(marginMs, length / 2);
}
/** Reminders written per run at most; the next run writes the rest. */
const REMINDER_BATCH = 100;

export interface TrialOrdersDeps {
  orders: OrdersRepository;
  trials: TrialOrdersRepository;
  catalogue: Pick<CatalogueService, 'getPublicRobot'>;
  status: Pick<OrderStatusChanger, 'insertAndApply'>;
  emails: TrialEmails;
  /** The order as its owner sees it. */
  view: (row: OrderRow) => Promise<Order>;
}

function taken(): ConflictError {
  return new ConflictError(
    'You have already had the free trial of this robot: buy it to keep using it.',
    'trial_taken',
  );
}

/** Why the robot offers no trial to start now, or null (decision 0020). */
function unavailable(robot: Robot): ConflictError | null {
  if (robot.trial_days === null) return new ConflictError('This robot offers no free trial.', 'trial_unavailable');
  // The catalogue allows a trial only on a licensed robot delivered automatically; checked again,
  // since the licence is the trial's protection and the release its content.
  if (!robot.licence_required || robot.delivery !== 'automatic')
    return new ConflictError('This robot offers no free trial right now.', 'trial_unavailable');
  return null;
}

/**
 * Free trials (issue 18 §3, decision 0020): a signed-in client starts a robot's trial once. It is
 * an order at price 0, marked as a trial, created paid in one transaction, so that automatic
 * delivery completes it at once with the robot's current release as for a paid order; its
 * licence (licences module) has no real-account slot and ends with the trial. No payment
 * workflow is called. The client is emailed when it starts and once before it ends.
 */
export class TrialOrdersService {
  constructor(private readonly deps: TrialOrdersDeps) {}

  async start(user: CurrentUser, robotId: string, language: Language, now = Date.now()): Promise<Order> {
    const robot = await this.deps.catalogue.getPublicRobot(robotId);
    const refusal = unavailable(robot);
    if (refusal) throw refusal;
    // A clear answer for the usual case; two requests at once meet at the unique index below.
    if (await this.deps.trials.trialOf(user.id, robot.id)) throw taken();
    const at = new Date(now).toISOString();
    let row: OrderRow;
    try {
      row = await this.deps.status.insertAndApply(
        {
          id: crypto.randomUUID(),
          user_id: user.id,
          robot_id: robot.id,
          robot_name: robot.name,
          // A trial asks for no build and no Telegram contact: it is the robot's current release.
          telegram_username: '',
          strategy_instructions: '',
          price: 0,
          expected_amount: 0,
          status: 'pending_payment',
          estimated_delivery: at,
          terms_accepted_at: at,
          language,
          trial: true,
          trial_ends_at: new Date(now + robot.trial_days! * DAY_MS).toISOString(),
          created_date: at,
          updated_at: at,
        },
        { type: 'trial_started' },
        'client',
        async (orders, after) => {
          // No release to deliver (deleted at this very moment): no trial at all, rather than a
          // trial the client could never start again.
          if (after.status !== 'completed')
            throw new ConflictError(
              'This robot cannot be tried right now: it has no release to deliver.',
              'trial_unavailable',
            );
          await this.deps.emails.toClient('trialStarted', after, orders);
        },
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    this.deps.emails.sendSoon();
    return this.deps.view(row);
  }

  /**
   * Writes the "trial ending" email of every trial due for one (decision 0020): once, marked in
   * the transaction that writes it. Answers how many were written.
   */
  async remindEnding(now: number, marginMs = TRIAL_REMINDER_MARGIN_MS): Promise<number> {
    const due = await this.deps.trials.dueForReminder(
      new Date(now).toISOString(),
      new Date(now + marginMs).toISOString(),
      REMINDER_BATCH,
    );
    let written = 0;
    for (const order of due) {
      if (Date.parse(order.trial_ends_at!) - now > reminderMarginMs(order, marginMs)) continue;
      const wrote = await this.deps.orders.transaction(async (orders) => {
        const trials = new TrialOrdersRepository(orders.db);
        if (!(await trials.markReminded(order.id, new Date(now).toISOString()))) return false;
        await this.deps.emails.toClient('trialEnding', order, orders);
        return true;
      });
      if (wrote) written++;
    }
    if (written > 0) this.deps.emails.sendSoon();
    return written;
  }
}
