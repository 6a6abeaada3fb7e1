import type { Kysely } from 'kysely';
import { nextOrderStatus } from '../../../shared/order-states.js';
import type { Database } from '../../db/schema.js';
import type { CurrentReleases } from '../robot-releases/robot-releases.service.js';
import type { OrderVersionRow } from './order-versions.repository.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';

/** The robots' current releases, read on the transaction that makes an order paid. */
export type ReleasesOn = (db: Kysely<Database>) => Pick<CurrentReleases, 'ofRobot' | 'lock'>;

export type AutomaticDeliveryOutcome =
  /** Completed with the current release, its first version. */
  | { kind: 'delivered'; order: OrderRow; version: OrderVersionRow }
  /** The robot is delivered per order (or gone), or the order holds versions already: it stays paid. */
  | { kind: 'per_order' }
  /** The robot is delivered automatically but has no release: it stays paid, for the owner. */
  | { kind: 'missing' };

/**
 * Automatic delivery (issue 18 §1, decision 0018): an order of a robot delivered automatically is
 * completed with the robot's current release in the transaction that made it paid, whatever made
 * it paid (the payment workflow, the owner marking it paid or setting it by hand, money after a
 * cancellation), so that its timeline, its emails and its licence follow as for any change. An
 * order that holds versions already (the owner moved a delivered order back to paid) stays as the
 * owner set it.
 */
export class AutomaticDelivery {
  constructor(private readonly releases: ReleasesOn) {}

  /** Runs in `orders`' transaction, right after the order became `paid`. */
  async afterPaid(orders: OrdersRepository, paid: OrderRow): Promise<AutomaticDeliveryOutcome> {
    if (!paid.robot_id) return { kind: 'per_order' };
    const releases = this.releases(orders.db);
    // The robot first: most are delivered per order, and one query tells (issue 21 §6).
    const found = await releases.ofRobot(paid.robot_id);
    if (!found || found.robot.delivery !== 'automatic' || (await orders.versions.current(paid.id)))
      return { kind: 'per_order' };
    // The release is locked so that it cannot be deleted while it becomes this order's version.
    if (!found.release || !(await releases.lock(found.release.id))) {
      await orders.addEvent(paid.id, {
        kind: 'automatic_delivery_missed',
        detail: `${found.robot.name} is delivered automatically but has no release: deliver this order by hand.`,
      });
      return { kind: 'missing' };
    }
    const release = found.release;
    const transition = nextOrderStatus(paid.status, { type: 'release_delivered' }, 'shop');
    if (!transition.ok || !transition.changed) return { kind: 'per_order' };
    const completed = await orders.compareAndSetStatus(paid.id, paid.status, transition.next, {
      actor: 'shop',
      kind: 'release_delivered',
      note: release.version,
    });
    // Read in this very transaction, the order cannot have moved since it became paid.
    if (!completed) throw new Error(`order ${paid.id} changed inside its own transaction`);
    const version = await orders.versions.add(
      paid.id,
      { release_id: release.id, notes: release.notes, file_path: release.file_path, file_name: release.file_name },
      release.version,
    );
    return { kind: 'delivered', order: completed, version };
  }
}
