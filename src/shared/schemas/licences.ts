import { z } from 'zod';

/**
 * The licence API for robots (issue 18, docs/licence-api.md): what a robot sends to
 * `POST /api/licenses/activate` and `/validate`, what it gets back, and the public keys of
 * `GET /api/licenses/keys`. Version 1; the compatibility promise is in docs/licence-api.md.
 */

/** `v` of every signed payload this server writes. */
export const LICENCE_API_VERSION = 1;

export const licenceAccountModes = ['real', 'demo'] as const;
export type LicenceAccountMode = (typeof licenceAccountModes)[number];

export const licencePlatforms = ['MT4', 'MT5', 'python'] as const;
export type LicencePlatform = (typeof licencePlatforms)[number];

/**
 * Text a robot sends that comes back inside the signed payload: printable ASCII without quotes
 * or backslashes, so that the payload's JSON never needs an escape and MQL can read it with a
 * plain search (integrations/mql/TradeBotLicense.mqh).
 */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(max, `at most ${max} characters`)
    .regex(/^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/, 'printable ASCII without quotes or backslashes');

export const licenceRequestSchema = z.object({
  /** As the buyer typed it: letter case, spaces and dashes do not matter, nor O/0 and I/L/1. */
  license_key: z.string().trim().min(1, 'is required').max(100, 'at most 100 characters'),
  /** The robot's id in the shop, compiled into the robot with its EA secret. */
  robot_id: z.string().trim().min(1, 'is required').max(100, 'at most 100 characters'),
  /** The trading account's number: MQL's AccountInfoInteger(ACCOUNT_LOGIN), as digits or a number. */
  account_login: z
    .union([z.string(), z.number().int().nonnegative()])
    .transform(String)
    .pipe(z.string().regex(/^[0-9]{1,20}$/, 'the account number, digits only')),
  /** The broker's server: AccountInfoString(ACCOUNT_SERVER). */
  account_server: plainText(100),
  account_mode: z.enum(licenceAccountModes),
  platform: z.enum(licencePlatforms),
  ea_version: plainText(32).optional(),
  /** Fresh for every request and echoed in the signed payload, so an old answer cannot be replayed. */
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, '16 to 128 letters, digits, - or _'),
});
export type LicenceRequest = z.infer<typeof licenceRequestSchema>;

/** The 200 answer of activate and validate. */
export const licenceAnswerSchema = z.object({
  /** base64url of the payload's JSON text. */
  payload: z.string(),
  /** Ed25519 over the payload string (its ASCII bytes), base64url. */
  signature: z.string(),
  /** HMAC-SHA256 over the payload string with the robot's EA secret, lower-case hex. */
  hmac: z.string(),
});
export type LicenceAnswer = z.infer<typeof licenceAnswerSchema>;

/** What the payload holds; times are Unix seconds (MQL's datetime), `expires_at` null for lifetime. */
export const licencePayloadSchema = z.object({
  v: z.literal(LICENCE_API_VERSION),
  kid: z.string(),
  license: z.string(),
  robot_id: z.string(),
  status: z.literal('active'),
  account_login: z.string(),
  account_server: z.string(),
  account_mode: z.enum(licenceAccountModes),
  expires_at: z.number().int().nullable(),
  lease_until: z.number().int(),
  grace_until: z.number().int(),
  nonce: z.string(),
  server_time: z.number().int(),
  latest_version: z.string().nullable(),
});
export type LicencePayload = z.infer<typeof licencePayloadSchema>;

export const licencePublicKeySchema = z.object({
  kid: z.string(),
  alg: z.literal('Ed25519'),
  /** The raw 32-byte public key, base64url (PyNaCl's VerifyKey, libsodium, …). */
  public_key: z.string(),
  /** The same key as PEM (SubjectPublicKeyInfo), for OpenSSL-based libraries. */
  public_key_pem: z.string(),
  created_at: z.string(),
});
export const licenceKeysSchema = z.object({
  /** The key that signs answers now; the others signed earlier answers and stay listed. */
  current_kid: z.string(),
  keys: z.array(licencePublicKeySchema),
});
export type LicenceKeys = z.infer<typeof licenceKeysSchema>;

/** The robot's licence tab: what the owner compiles into the robot. */
export const robotLicenceSecretSchema = z.object({
  robot_id: z.string(),
  robot_name: z.string(),
  licence_required: z.boolean(),
  /** 64 hex characters; null while the robot requires no licence. */
  ea_secret: z.string().nullable(),
  /** Where the robot sends its requests (PUBLIC_URL + /api/licenses). */
  api_url: z.string(),
});
export type RobotLicenceSecret = z.infer<typeof robotLicenceSecretSchema>;
