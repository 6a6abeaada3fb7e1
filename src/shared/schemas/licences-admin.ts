import { z } from 'zod';
import { orderStatusSchema } from './orders.js';
import { licenceAccountModes } from './licences.js';

/**
 * The owner's Licences page (issue 18 §2, decision 0017): the list searched by the server, one
 * licence with its activations and its robots' checks, and the owner's four actions.
 */

/** How the owner's list, its detail title and the activity log write a key without showing it. */
export function maskedLicenceKey(suffix: string): string {
  return `TB-…-${suffix}`;
}

export const ADMIN_LICENCES_PAGE_SIZE = 25;
/** The robots' checks a licence's detail shows, newest first; the total says how many are kept (90 days). */
export const LICENCE_CHECKS_SHOWN = 200;
export const LICENCE_EXTEND_DAYS_MAX = 3650;
export const LICENCE_REVOKE_REASON_MAX_LENGTH = 500;

/**
 * A licence as its robot sees it: `expired` is an active licence past its expiry (stored as
 * active: extending it brings it back).
 */
export const adminLicenceStatuses = ['active', 'expired', 'revoked'] as const;
export type AdminLicenceStatus = (typeof adminLicenceStatuses)[number];

/** Who gave a slot back: the licence's client (their own frees), or an administrator's reset. */
export const licenceFreedBy = ['client', 'administrator'] as const;
export type LicenceFreedBy = (typeof licenceFreedBy)[number];

/** Why a licence is revoked: its order was refunded or cancelled, or the owner revoked it. */
export const licenceRevokedReasons = ['refunded', 'cancelled', 'owner'] as const;
export type LicenceRevokedReason = (typeof licenceRevokedReasons)[number];

export const adminLicencesQuerySchema = z.object({
  /**
   * The key's last group (or the whole key, matched by its lookup hash), part of the client's
   * email, an account number, part of the robot's name, or the start of the order number.
   */
  q: z.string().trim().max(200).optional(),
  status: z.enum(adminLicenceStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

const slotUse = z.object({ used: z.number().int(), total: z.number().int() });

/** One row of the list: never the whole key. */
export const adminLicenceSchema = z.object({
  id: z.string(),
  /** The key's last group, as `TB-…-<suffix>` shows it. */
  key_suffix: z.string(),
  robot_id: z.string().nullable(),
  robot_name: z.string(),
  user_id: z.string().nullable(),
  client_email: z.string().nullable(),
  order_id: z.string(),
  order_status: orderStatusSchema,
  status: z.enum(adminLicenceStatuses),
  revoked_reason: z.enum(licenceRevokedReasons).nullable(),
  /** Null: for life. */
  expires_at: z.string().nullable(),
  slots: z.object({ real: slotUse, demo: slotUse }),
  /** The robots' last check of this licence (activate or validate), whatever its answer. */
  last_check_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminLicence = z.infer<typeof adminLicenceSchema>;

export const adminLicencesPageSchema = z.object({
  items: z.array(adminLicenceSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminLicencesPage = z.infer<typeof adminLicencesPageSchema>;

/** A trading account the licence is or was bound to. */
export const adminLicenceActivationSchema = z.object({
  id: z.string(),
  account_login: z.string(),
  account_server: z.string(),
  account_mode: z.enum(licenceAccountModes),
  slot: z.number().int(),
  platform: z.string(),
  ea_version: z.string().nullable(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  /** Null while the account holds its slot. */
  freed_at: z.string().nullable(),
  /** The client's own free, or an administrator's (their reset): only the client's count toward the limit. */
  freed_by_role: z.enum(licenceFreedBy).nullable(),
  /** The address of the account that freed it, while that account exists. */
  freed_by_email: z.string().nullable(),
});

/** One check a robot made: its time, address, account and the answer (`ok` or a refusal code). */
export const adminLicenceCheckSchema = z.object({
  id: z.number().int(),
  checked_at: z.string(),
  endpoint: z.enum(['activate', 'validate']),
  ip_address: z.string().nullable(),
  account_login: z.string().nullable(),
  account_server: z.string().nullable(),
  account_mode: z.string().nullable(),
  platform: z.string().nullable(),
  ea_version: z.string().nullable(),
  result: z.string(),
});

export const adminLicenceDetailSchema = adminLicenceSchema.extend({
  /** The whole key, opened for the owner (a client asking for it again); never in the list. */
  key: z.string(),
  client_name: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_note: z.string().nullable(),
  /** Live first, then freed; newest first within each. */
  activations: z.array(adminLicenceActivationSchema),
  /** The newest LICENCE_CHECKS_SHOWN checks. */
  checks: z.array(adminLicenceCheckSchema),
  /** Every check kept (90 days). */
  checks_total: z.number().int(),
});
export type AdminLicenceDetail = z.infer<typeof adminLicenceDetailSchema>;

/** POST /api/admin/licences/:id/revoke: the reason is the owner's note; the request may have no body at all. */
export const licenceRevokeSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(LICENCE_REVOKE_REASON_MAX_LENGTH, `At most ${LICENCE_REVOKE_REASON_MAX_LENGTH} characters.`)
      .optional(),
  })
  .nullish()
  .transform((body) => body ?? {});

/** POST /api/admin/licences/:id/extend: days added to the current expiry, or to now once expired. */
export const licenceExtendSchema = z.object({
  days: z
    .number({ message: 'A whole number of days.' })
    .int('A whole number of days.')
    .min(1, 'At least 1 day.')
    .max(LICENCE_EXTEND_DAYS_MAX, `At most ${LICENCE_EXTEND_DAYS_MAX} days.`),
});

/** What POST /api/admin/licences/:id/reset-slots answers: the licence, and how many accounts lost their slot. */
export const licenceResetAnswerSchema = z.object({
  licence: adminLicenceSchema,
  freed: z.number().int(),
});
export type LicenceResetAnswer = z.infer<typeof licenceResetAnswerSchema>;
