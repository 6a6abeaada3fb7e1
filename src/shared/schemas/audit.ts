import { z } from 'zod';

/** One change made in the back office (the Activity page). */
export const auditEntrySchema = z.object({
  id: z.string(),
  actor_email: z.string(),
  action: z.string(),
  resource: z.string(),
  record_id: z.string().nullable(),
  summary: z.string(),
  /** Field -> what it was and what it became; secrets show as hidden. */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE_MAX = 100;

const auditFilterFields = z.object({
  resource: z.string().trim().max(50).optional(),
  action: z.string().trim().max(50).optional(),
  /** Part of the actor's email address. */
  actor: z.string().trim().max(254).optional(),
  /** Inclusive day bounds, yyyy-mm-dd. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const AUDIT_RANGE_MESSAGE = 'The start date must be on or before the end date.';

/** A range that ends before it starts finds nothing: it is a mistake, said as one (here and in the Activity page). */
export function dayRangeInOrder(range: { from?: string | undefined; to?: string | undefined }): boolean {
  return !range.from || !range.to || range.from <= range.to;
}

/** The filters of the CSV export. */
export const auditFilterSchema = auditFilterFields.refine(dayRangeInOrder, {
  path: ['to'],
  message: AUDIT_RANGE_MESSAGE,
});

export const auditQuerySchema = auditFilterFields
  .extend({
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(25),
  })
  .refine(dayRangeInOrder, { path: ['to'], message: AUDIT_RANGE_MESSAGE });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ rows: z.array(auditEntrySchema), total: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;
