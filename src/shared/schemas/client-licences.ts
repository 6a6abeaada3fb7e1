import { z } from 'zod';
import { licenceAccountModes } from './licences.js';

/**
 * The client's licence page (issue 18 §2): the licence of one of their orders, its activations,
 * and the slots they may free. `GET /api/orders/:id/licence`,
 * `POST /api/orders/:id/licence/activations/:activationId/free`, `GET /api/orders/licences`.
 */

/** Frees a client may make per licence within FREE_SLOT_WINDOW_DAYS; an administrator's frees do not count. */
export const FREE_SLOT_LIMIT = 3;
export const FREE_SLOT_WINDOW_DAYS = 30;

/** `expired` is read from `expires_at`; the stored status knows only active and revoked. */
export const clientLicenceStatuses = ['active', 'revoked', 'expired'] as const;
export type ClientLicenceStatus = (typeof clientLicenceStatuses)[number];

const slotUseSchema = z.object({ used: z.number().int(), total: z.number().int() });

/** A trading account the licence runs on now (freed ones are history, not shown to the client). */
export const clientActivationSchema = z.object({
  id: z.string(),
  account_login: z.string(),
  account_server: z.string(),
  account_mode: z.enum(licenceAccountModes),
  /** MT4, MT5 or python, as the robot last said. */
  platform: z.string(),
  ea_version: z.string().nullable(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
});
export type ClientActivation = z.infer<typeof clientActivationSchema>;

export const clientLicenceSchema = z.object({
  order_id: z.string(),
  robot_name: z.string(),
  /** The whole key, for its owner only: what they paste into the robot. */
  key: z.string(),
  status: z.enum(clientLicenceStatuses),
  /** null: for life. */
  expires_at: z.string().nullable(),
  created_at: z.string(),
  slots: z.object({ real: slotUseSchema, demo: slotUseSchema }),
  /** Real accounts first, each mode by slot. */
  activations: z.array(clientActivationSchema),
  frees: z.object({
    /** The client's frees within the last `window_days`. */
    used: z.number().int(),
    limit: z.number().int(),
    window_days: z.number().int(),
    /** When the oldest counted free leaves the window, if the limit is reached; null otherwise. */
    next_free_at: z.string().nullable(),
  }),
});
export type ClientLicence = z.infer<typeof clientLicenceSchema>;

/** My Orders: which orders have a licence (the "Licence" action). */
export const licensedOrderSchema = z.object({
  order_id: z.string(),
  status: z.enum(clientLicenceStatuses),
  expires_at: z.string().nullable(),
});
export type LicensedOrder = z.infer<typeof licensedOrderSchema>;
