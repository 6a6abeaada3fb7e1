import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE } from '../../shared/language.js';
import { textIn, type LocalizedText } from '../../shared/localized-text.js';
import type { AuditAction, AuditEntity, OrderAuditAction } from '../../shared/audit-names.js';
import type { Database } from '../db/schema.js';

export type Changes = Record<string, { from: unknown; to: unknown }>;

/**
 * How the activity log's summary names a record by an owner-written text (issue 19 §2): one line
 * for every administrator, so in English, else in the one language it is written in.
 */
export function logText(text: LocalizedText): string {
  return textIn(text, DEFAULT_LANGUAGE, DEFAULT_LANGUAGE);
}

/**
 * Who acted: an administrator, or the shop itself with no account (the payment workflow's
 * callbacks, the unpaid-order expiry, an automatic delivery), named by one of AUDIT_SYSTEM_ACTORS
 * (shared/audit-names.ts).
 */
export interface AuditActor {
  id: string | null;
  email: string;
}

export interface AuditRecord {
  actor: AuditActor;
  /** One of shared/audit-names.ts's names, which the Activity page puts in words. */
  action: AuditAction | OrderAuditAction;
  resource: AuditEntity;
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
  /**
   * Writes one entry; given `db`, a transaction, the entry is written in it, so that it commits or
   * rolls back with the change it describes.
   */
  record(entry: AuditRecord, db?: Kysely<Database>): Promise<void>;
  /** The fields of `fields` whose value differs between `before` and `after`, as the log shows them. */
  changes(before: Record<string, unknown> | null, after: Record<string, unknown>, fields: Iterable<string>): Changes;
}
