import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { OrderRow } from './orders.repository.js';

/** The SQL of free trials (decision 0020): the one trial of a client and robot, and the reminders. */
export class TrialOrdersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The client's trial of the robot, if they took one (the partial unique index allows one). */
  trialOf(userId: string, robotId: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('robot_id', '=', robotId)
      .where('trial', '=', true)
      .executeTakeFirst();
  }

  /**
   * Trials whose client has not been reminded, that end after `now` and by `until` (ISO), and
   * whose licence still runs: a revoked one has nothing left to end. Soonest first.
   */
  dueForReminder(now: string, until: string, limit: number): Promise<OrderRow[]> {
    return this.db
      .selectFrom('orders')
      .innerJoin('licences', 'licences.order_id', 'orders.id')
      .selectAll('orders')
      .where('orders.trial', '=', true)
      .where('orders.trial_reminder_sent_at', 'is', null)
      .where('orders.trial_ends_at', '>', now)
      .where('orders.trial_ends_at', '<=', until)
      .where('licences.status', '=', 'active')
      .orderBy('orders.trial_ends_at')
      .orderBy('orders.id')
      .limit(limit)
      .execute();
  }

  /**
   * Marks the reminder sent unless it was already: true for the one caller that marked it, which
   * then writes the email in the same transaction (so it is written once, even by two runs).
   */
  async markReminded(orderId: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ trial_reminder_sent_at: at })
      .where('id', '=', orderId)
      .where('trial_reminder_sent_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
