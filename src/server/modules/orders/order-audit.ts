import type { Kysely } from 'kysely';
import { shortOrderNumber } from '../../../shared/order-number.js';
import type { OrderActor } from '../../../shared/order-states.js';
import { AUDIT_ENTITIES, AUDIT_SYSTEM_ACTORS, orderAuditActions } from '../../../shared/audit-names.js';
import type { AuditActor, AuditPort, Changes } from '../../http/audit-port.js';
import type { Database } from '../../db/schema.js';
import type { OrderRow, StatusChangeEntry } from './orders.repository.js';

/** Who an order change is logged under: the administrator, or the shop's own actor. */
function auditActor(actor: OrderActor, by: StatusChangeEntry['by']): AuditActor | null {
  if (by) return by;
  if (actor === 'workflow') return { id: null, email: AUDIT_SYSTEM_ACTORS.workflow };
  if (actor === 'shop') return { id: null, email: AUDIT_SYSTEM_ACTORS.system };
  // A client's own steps (ordering, paying, cancelling an unpaid order) are on the order's
  // timeline; the activity log is the shop's side of the story.
  return null;
}

/** The words a person recognises an order by in the log: its number and robot. */
export function orderSummary(order: Pick<OrderRow, 'id' | 'robot_name'>): string {
  return `#${shortOrderNumber(order.id)} ${order.robot_name}`;
}

/**
 * Writes an order's change to the activity log, in `db` (the change's transaction) when given:
 * the change and its entry commit together. Changes made by the client are not logged.
 */
export async function auditOrderChange(
  audit: AuditPort,
  db: Kysely<Database> | undefined,
  order: Pick<OrderRow, 'id' | 'robot_name'>,
  entry: StatusChangeEntry,
  changes: Changes,
): Promise<void> {
  const actor = auditActor(entry.actor, entry.by);
  if (!actor) return;
  await audit.record(
    {
      actor,
      action: orderAuditActions[entry.kind],
      resource: AUDIT_ENTITIES.order,
      recordId: order.id,
      summary: orderSummary(order),
      changes: { ...changes, ...(entry.note ? { note: { from: null, to: entry.note } } : {}) },
    },
    db,
  );
}
