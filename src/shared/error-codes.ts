/**
 * The `code` of every error the shop's server answers (`{ error: { code, message, fields? } }`,
 * DESIGN "HTTP surface"). The server's errors take their code from this list and the web app's
 * checks compare against it, so a renamed or misspelt code fails the type-check on both sides
 * instead of silently showing the generic message.
 */
export const errorCodes = [
  // By HTTP status, when nothing more precise applies.
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'not_acceptable',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  // 503: the database could not take the request in time (a burst, a stalled disk); try again.
  'database_busy',
  'upstream_failed',
  'upstream_timeout',
  // Users.
  'last_administrator',
  // Catalogue.
  'duplicate_key',
  'category_in_use',
  'duplicate_slug',
  // Orders and payments.
  'payment_not_configured',
  'file_unavailable',
  'download_limit_reached',
  'download_link_used',
  'range_not_satisfiable',
  'robot_file_refused',
  'unknown_status',
  // Robot releases (decision 0018).
  'release_version_not_newer',
  'release_in_use',
  'release_required',
  // Newsletter.
  'newsletter_not_configured',
  'newsletter_workflow_error',
  'newsletter_not_confirmed',
  // The licence API for robots (docs/licence-api.md): stable, robots in the field read them.
  'unknown_key',
  'not_activated',
  'revoked',
  'expired',
  'refunded',
  'no_free_slot',
  'wrong_robot',
  // A licence with no real-account slot (a free trial, decision 0020) asked for a real account.
  'demo_only',
  // The client's licence page.
  'no_licence',
  'licence_inactive',
  'free_limit_reached',
  // The owner's Licences page: a closed order keeps its licence revoked; a lifetime licence has no end to move.
  'licence_order_closed',
  'licence_lifetime',
  // Free trials (decision 0020).
  'trial_not_allowed',
  'trial_order',
  'trial_unavailable',
  'trial_taken',
  // An account call that better-auth refused without a code of its own.
  'auth_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * better-auth's own codes, passed through lower-cased by the auth routes, that the web app tells
 * apart (its others only need the status).
 */
export const authErrorCodes = [
  'email_not_verified',
  'invalid_token',
  'user_already_exists',
  'user_already_exists_use_another_email',
] as const;
export type AuthErrorCode = (typeof authErrorCodes)[number];

export type KnownErrorCode = ErrorCode | AuthErrorCode;
