import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A whole number of seconds within bounds; empty means the default. */
function seconds(fallback: number, min: number, max: number) {
  return optionalText
    .pipe(
      z.coerce
        .number<string | undefined>({ message: 'must be a number of seconds' })
        .int('must be a whole number of seconds')
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`)
        .optional(),
    )
    .transform((value) => value ?? fallback);
}

/** The social sign-in providers of SPEC §3, as better-auth names them. */
export const socialProviderIds = [
  'google',
  'github',
  'facebook',
  'twitter',
  'microsoft',
  'discord',
  'linkedin',
  'apple',
] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];

function providerVariables() {
  const variables: Record<string, typeof optionalText> = {};
  for (const id of socialProviderIds) {
    variables[`${id.toUpperCase()}_CLIENT_ID`] = optionalText;
    variables[`${id.toUpperCase()}_CLIENT_SECRET`] = optionalText;
  }
  return variables;
}

const envSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional()),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres:// (or sqlite: for the embedded database)')
      .optional(),
  ),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LICENCE_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email({ message: 'must be an email address' }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  SEED_DEMO: optionalText.pipe(booleanText.optional()).transform((value) => value ?? true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  // Only the address counts: the display name of every email is the shop's name (setting site_name).
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .transform((value) => /<([^<>]*)>\s*$/.exec(value)?.[1]?.trim() ?? value)
      .pipe(z.string().regex(/^[^\s@<>"]+@[^\s@<>"]+$/, 'must be an email address, or Name <address>'))
      .optional(),
  ),
  REQUIRE_EMAIL_VERIFICATION: optionalText.pipe(booleanText.optional()),
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .regex(
        /^(true|false|\d+|[0-9a-fA-F.:/,\s]+)$/,
        'must be true, false, a hop count, or a comma-separated list of proxy addresses',
      )
      .optional(),
  ),
  AUTH_RATE_LIMIT: z.coerce.number({ message: 'must be a number of attempts' }).int().min(1).max(100_000).default(10),
  // Empty means the default here, not 0 (which would silently turn the schedule off).
  STATS_REFRESH_SECONDS: seconds(60, 0, 86_400),
  HTTP_HEADERS_TIMEOUT_SECONDS: seconds(15, 1, 600),
  HTTP_REQUEST_TIMEOUT_SECONDS: seconds(120, 1, 3600),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: seconds(10, 1, 600),
  NEWSLETTER_SEND_RATE: optionalText
    .pipe(
      z.coerce
        .number<string | undefined>({ message: 'must be a number of messages per second' })
        .positive('must be more than 0')
        .max(10_000, 'must be at most 10000')
        .optional(),
    )
    .transform((value) => value ?? 10),
  ...providerVariables(),
  // Growing past one machine (issue 12): object storage, metrics, automation secret rotation.
  STORAGE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional()),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(booleanText.optional()),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  AUTOMATION_PREVIOUS_SECRET: optionalText,
});

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  authSecret: string | undefined;
  /**
   * Derives the keys that find licence keys and seal licence secrets (decision 0017); empty means
   * the auth secret. Set it to the old auth secret to change AUTH_SECRET without breaking licences.
   */
  licenceSecret: string | undefined;
  admin: { email: string | undefined; password: string | undefined };
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** `fromAddress`: MAIL_FROM's address; the sender's name is the shop's (integrations/shop-mailer.ts). */
  mail: { smtpUrl: string | undefined; fromAddress: string };
  /** Sign-in waits for the emailed link; on by default only when mail can actually be sent. */
  requireEmailVerification: boolean;
  /** Fastify's trustProxy: which X-Forwarded-For hops to believe. false unless configured. */
  trustProxy: boolean | number | string[];
  /** Sign-in attempts per minute and client address; sign-ups and password resets take half. */
  authRateLimit: number;
  /** Seconds between two scheduled stats refreshes; 0: refreshes run only on demand. */
  statsRefreshSeconds: number;
  /**
   * Limits on slow clients: the whole request head must arrive within headersMs, the whole
   * request (body included) within requestMs, and an idle kept-alive connection closes after
   * keepAliveMs. Answers, such as event streams, are not limited.
   */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  /** Newsletter emails per second that the background sender hands to SMTP_URL. */
  newsletterSendRate: number;
  /** Providers whose id and secret are both set. */
  socialProviders: Partial<Record<SocialProviderId, { clientId: string; clientSecret: string }>>;
  /** Where uploaded files live: DATA_DIR/storage, or an S3-compatible bucket shared by instances. */
  storage: StorageConfig;
  /** Bearer token of GET /api/metrics; without it the endpoint does not exist. */
  metricsToken: string | undefined;
  /** The automation secret being replaced, still accepted while workflows move to the new one. */
  automationPreviousSecret: string | undefined;
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Empty: AWS itself. Set for MinIO, Cloudflare R2, Backblaze B2, Scaleway, … */
      endpoint: string | undefined;
      region: string;
      /** Empty: the AWS SDK's usual sources (AWS_* variables, shared files, instance roles). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

function storageConfig(vars: z.infer<typeof envSchema>): StorageConfig {
  if (vars.STORAGE === 'local') return { kind: 'local' };
  if (!vars.S3_BUCKET) throw new ConfigError('Invalid S3_BUCKET: required when STORAGE=s3');
  if (Boolean(vars.S3_ACCESS_KEY_ID) !== Boolean(vars.S3_SECRET_ACCESS_KEY)) {
    const missing = vars.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError(`Invalid ${missing}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together`);
  }
  return {
    kind: 's3',
    bucket: vars.S3_BUCKET,
    endpoint: vars.S3_ENDPOINT,
    region: vars.S3_REGION ?? 'us-east-1',
    credentials:
      vars.S3_ACCESS_KEY_ID && vars.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: vars.S3_ACCESS_KEY_ID, secretAccessKey: vars.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE ?? false,
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export class ConfigError extends Error {}

/** Parses the environment. Pure: touches no file, so tests can build configs freely. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid ${name}: ${issue?.message ?? 'invalid value'} (got ${JSON.stringify(env[name] ?? '')})`,
    );
  }
  const vars = result.data;
  const dataDir = path.resolve(vars.DATA_DIR);
  if (Boolean(vars.ADMIN_EMAIL) !== Boolean(vars.ADMIN_PASSWORD)) {
    const missing = vars.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
    throw new ConfigError(`Invalid ${missing}: ADMIN_EMAIL and ADMIN_PASSWORD must be set together`);
  }
  if (vars.HTTP_HEADERS_TIMEOUT_SECONDS > vars.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError('Invalid HTTP_HEADERS_TIMEOUT_SECONDS: must not exceed HTTP_REQUEST_TIMEOUT_SECONDS');
  }
  const url = vars.DATABASE_URL;
  const database: DatabaseConfig =
    url && !url.startsWith('sqlite:')
      ? { dialect: 'postgres', url }
      : { dialect: 'sqlite', file: url ? path.resolve(url.slice('sqlite:'.length)) : path.join(dataDir, 'shop.db') };
  return {
    port: vars.PORT,
    host: vars.HOST,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database,
    authSecret: vars.AUTH_SECRET,
    licenceSecret: vars.LICENCE_SECRET,
    admin: { email: vars.ADMIN_EMAIL?.toLowerCase(), password: vars.ADMIN_PASSWORD },
    seedDemo: vars.SEED_DEMO,
    logLevel: vars.LOG_LEVEL,
    mail: {
      smtpUrl: vars.SMTP_URL,
      fromAddress: vars.MAIL_FROM ?? `no-reply@${new URL(vars.PUBLIC_URL ?? 'http://localhost').hostname}`,
    },
    requireEmailVerification: vars.REQUIRE_EMAIL_VERIFICATION ?? Boolean(vars.SMTP_URL),
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    authRateLimit: vars.AUTH_RATE_LIMIT,
    statsRefreshSeconds: vars.STATS_REFRESH_SECONDS,
    timeouts: {
      headersMs: vars.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: vars.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveMs: vars.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    newsletterSendRate: vars.NEWSLETTER_SEND_RATE,
    socialProviders: configuredProviders(env),
    storage: storageConfig(vars),
    metricsToken: vars.METRICS_TOKEN,
    automationPreviousSecret: vars.AUTOMATION_PREVIOUS_SECRET,
  };
}

function configuredProviders(env: Record<string, string | undefined>): Config['socialProviders'] {
  const providers: Config['socialProviders'] = {};
  for (const id of socialProviderIds) {
    const clientId = env[`${id.toUpperCase()}_CLIENT_ID`]?.trim();
    const clientSecret = env[`${id.toUpperCase()}_CLIENT_SECRET`]?.trim();
    if (clientId && clientSecret) providers[id] = { clientId, clientSecret };
  }
  return providers;
}

/**
 * The auth secret signs session cookies, so it must survive restarts: when the environment does
 * not give one, we generate it once and keep it in DATA_DIR (readable by the owner only).
 */
export function ensureAuthSecret(config: Config): Config {
  if (config.authSecret) return config;
  const file = path.join(config.dataDir, 'auth-secret');
  mkdirSync(config.dataDir, { recursive: true });
  try {
    return { ...config, authSecret: readFileSync(file, 'utf8').trim() };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails if another process wrote the file first; then we use theirs.
  try {
    writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return { ...config, authSecret: secret };
  } catch {
    return { ...config, authSecret: readFileSync(file, 'utf8').trim() };
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return ensureAuthSecret(parseConfig(env));
}
