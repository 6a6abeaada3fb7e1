import type { AuditEntry, AuditPage, AuditQuery } from '../../../shared/schemas/audit.js';
import { AUDIT_HIDDEN_VALUE } from '../../../shared/audit-names.js';
import type { Kysely, Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema.js';
import type { AuditPort, AuditRecord, Changes } from '../../http/audit-port.js';
import { csvCell } from '../../http/csv-cell.js';
import { AuditRepository } from './audit.repository.js';

/** Fields whose values never reach the log, only the fact that they changed. */
const SECRET_FIELD = /secret|token|password/i;
const CSV_ROWS_MAX = 50_000;
/** Long texts (page HTML) are kept only in part: the log says what changed, not every byte. */
const VALUE_CHARS_MAX = 300;

function shortened(value: unknown): unknown {
  // A text in two languages ({en, fr}, issue 19 §2) is shortened in each.
  if (value !== null && typeof value === 'object' && !Array.isArray(value))
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shortened(inner)]));
  return typeof value === 'string' && value.length > VALUE_CHARS_MAX ? `${value.slice(0, VALUE_CHARS_MAX)}…` : value;
}

/** The fields of `patch` whose value differs between `before` and `after`, secrets hidden. */
export function diffChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  fields: Iterable<string>,
): Changes {
  const changes: Changes = {};
  for (const field of fields) {
    const from = before?.[field] ?? null;
    const to = after[field] ?? null;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[field] = SECRET_FIELD.test(field)
      ? { from: from ? AUDIT_HIDDEN_VALUE : '', to: to ? AUDIT_HIDDEN_VALUE : '' }
      : { from: shortened(from), to: shortened(to) };
  }
  return changes;
}

function toEntry(row: Selectable<AuditLogTable>): AuditEntry {
  let changes: AuditEntry['changes'] = {};
  try {
    changes = JSON.parse(row.changes) as AuditEntry['changes'];
  } catch {
    // A row written by hand: shown without its changes rather than breaking the page.
  }
  return {
    id: row.id,
    actor_email: row.actor_email,
    action: row.action,
    resource: row.resource,
    record_id: row.record_id,
    summary: row.summary,
    changes,
    created_at: row.created_at,
  };
}

/** The back office's activity log: every administrator change, who made it and when. */
export class AuditLog implements AuditPort {
  constructor(private readonly audit: AuditRepository) {}

  async record(entry: AuditRecord, db?: Kysely<Database>): Promise<void> {
    await this.audit.insert(
      {
        actor_id: entry.actor.id,
        actor_email: entry.actor.email,
        action: entry.action,
        resource: entry.resource,
        record_id: entry.recordId ?? null,
        summary: (entry.summary ?? '').slice(0, 300),
        changes: JSON.stringify(entry.changes ?? {}),
      },
      db,
    );
  }

  changes(before: Record<string, unknown> | null, after: Record<string, unknown>, fields: Iterable<string>): Changes {
    return diffChanges(before, after, fields);
  }

  async page(query: AuditQuery): Promise<AuditPage> {
    const { rows, total } = await this.audit.page(query);
    return { rows: rows.map(toEntry), total };
  }

  async csv(query: Omit<AuditQuery, 'page' | 'pageSize'>): Promise<string> {
    const rows = (await this.audit.all(query, CSV_ROWS_MAX)).map(toEntry);
    const header = ['created_at', 'actor_email', 'action', 'resource', 'record_id', 'summary', 'changes'];
    const lines = rows.map((row) =>
      [row.created_at, row.actor_email, row.action, row.resource, row.record_id ?? '', row.summary, row.changes]
        .map(csvCell)
        .join(','),
    );
    return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
  }
}

/** The activity log of one database: app.ts builds the one the whole app shares. */
export function createAuditLog(db: Kysely<Database>): AuditLog {
  return new AuditLog(new AuditRepository(db));
}
