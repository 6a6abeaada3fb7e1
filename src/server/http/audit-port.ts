import type { CurrentUser } from '../../shared/schemas/users.js';

export type Changes = Record<string, { from: unknown; to: unknown }>;

export interface AuditRecord {
  actor: Pick<CurrentUser, 'id' | 'email'>;
  action: string;
  resource: string;
  recordId?: string | null;
  /** A few words a person recognises the record by: a name or a title. */
  summary?: string;
  changes?: Changes;
}

/**
 * What the admin kit needs of the activity log. The kit sits on a floor below the modules, so it
 * names this port instead of importing modules/audit, which implements it (AuditLog).
 */
export interface AuditPort {
  record(entry: AuditRecord): Promise<void>;
  /** The fields of `fields` whose value differs between `before` and `after`, as the log shows them. */
  changes(before: Record<string, unknown> | null, after: Record<string, unknown>, fields: Iterable<string>): Changes;
}
