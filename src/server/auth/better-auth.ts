import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { betterAuth, BetterAuthOptions } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_SITE_NAME, PASSWORD_MIN_LENGTH } from '../../shared/constants.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { Mailer } from '../integrations/mailer.js';
import { authEmails, type EmailContext } from './auth-emails.js';

export const AUTH_BASE_PATH = '/api/auth';

/**
 * better-auth's options: over our own tables (snake_case, created by our migrations).
 *
 * The adapter is told the database is "sqlite" on both engines on purpose: our Kysely instance
 * already returns timestamps as ISO strings and booleans as booleans everywhere, and the sqlite
 * mode is the one that converts ISO strings back to Dates for better-auth and writes Dates as
 * ISO strings, which PostgreSQL's timestamptz accepts.
 */
export function authOptions(
  config: Config,
  db: Kysely<Database>,
  mailer: Mailer,
  log: FastifyBaseLogger,
  emailContext: () => Promise<EmailContext>,
) {
  const https = config.publicUrl.startsWith('https:');
  const emails = authEmails(emailContext);
  return {
    // Read only by two-factor plugins, which the shop does not use; emails carry the owner's name (setting site_name).
    appName: DEFAULT_SITE_NAME,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    database: { db: db as unknown as Kysely<any>, type: 'sqlite' },
    // Our own origin as configured, and as the browser reached us (http://127.0.0.1:3000 when
    // PUBLIC_URL says localhost): the Host of a browser's request cannot be set by another site.
    trustedOrigins: (request) => [config.publicUrl, request ? new URL(request.url).origin : undefined],
    user: {
      modelName: 'users',
      fields: {
        name: 'full_name',
        emailVerified: 'email_verified',
        createdAt: 'created_date',
        updatedAt: 'updated_at',
      },
      // Never settable through sign-up or profile updates: only the Users page changes roles.
      additionalFields: { role: { type: 'string', required: false, defaultValue: 'client', input: false } },
      // A new address takes effect only once its owner opens the link sent to it (Account page).
      changeEmail: { enabled: true },
    },
    session: {
      modelName: 'sessions',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      // No cookie cache: every request reads the session row, so sign-out and role changes apply
      // to the very next request.
      cookieCache: { enabled: false },
    },
    account: {
      modelName: 'accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      requireEmailVerification: config.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) =>
        mailer.send(await emails.resetPassword(user.email, url, request)),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      // Also the confirmation of a new address (Account page), sent to that address.
      sendVerificationEmail: async ({ user, url, token }, request) =>
        mailer.send(await emails.verifyEmail(user.email, url, token, request)),
    },
    socialProviders: config.socialProviders,
    // Rate limits are enforced by Fastify on request.ip, which honours TRUST_PROXY; better-auth's
    // own limiter would trust any X-Forwarded-For header a client makes up.
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: () => randomUUID() },
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
      ipAddress: { ipAddressHeaders: ['x-tradebot-client-ip'] },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => log[level]({ args: args.length > 0 ? args : undefined }, `auth: ${message}`),
    },
  } satisfies BetterAuthOptions;
}

type BetterAuth = ReturnType<typeof betterAuth<ReturnType<typeof authOptions>>>;
type Session = Awaited<ReturnType<BetterAuth['api']['getSession']>>;

/** What the shop asks of better-auth. */
export interface Auth {
  /** Runs one of better-auth's endpoints (/api/auth/*). */
  handler(request: Request): Promise<Response>;
  /** The session of these request headers, extended when it is due; null when there is none. */
  getSession(headers: IncomingHttpHeaders): Promise<Session>;
}

/**
 * better-auth, made with its first use rather than at start: a sign-in, a sign-up, or a session
 * due for its daily extension (auth/session-user.ts reads the others itself). The library and the
 * endpoints it builds are some 5 MB of heap that a shop serving its storefront's reads does not
 * need (issue 21 §5); the first of those requests waits for them once.
 */
export function createAuth(...options: Parameters<typeof authOptions>): Auth {
  let made: Promise<{ auth: BetterAuth; fromNodeHeaders: (headers: IncomingHttpHeaders) => Headers }> | undefined;
  const make = () =>
    (made ??= Promise.all([import('better-auth'), import('better-auth/node')]).then(([library, node]) => ({
      auth: library.betterAuth(authOptions(...options)),
      fromNodeHeaders: node.fromNodeHeaders,
    })));
  const whileRunning = contextStoresWhileRunning();
  return {
    handler: (request) => whileRunning(async () => (await make()).auth.handler(request)),
    getSession: (headers) =>
      whileRunning(async () => {
        const { auth, fromNodeHeaders } = await make();
        return auth.api.getSession({ headers: fromNodeHeaders(headers) });
      }),
  };
}

/** Where better-auth keeps its context (`@better-auth/core`'s `context/global`), shared by its copies in the process. */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');

/**
 * better-auth keeps each call's context in AsyncLocalStorage stores. On Node 20 one enabled store
 * turns on promise hooks for the whole process: every promise of every request, long after the
 * last sign-in, then pays for them, about ten times the cost of an `await` without them (issue
 * 21 §2: most of the gap between an order and the bare server's). So the stores are on only while
 * better-auth runs: once its last call in flight has settled, they are disabled, which turns the
 * hooks off; its next call's `run()` enables them again. better-auth waits for its own work
 * before answering (no background-task handler is configured), so nothing of it runs between calls.
 */
function contextStoresWhileRunning(): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const disableStores = () => {
    const context = (globalThis as { [BETTER_AUTH_GLOBAL]?: { context?: Record<string, unknown> } })[BETTER_AUTH_GLOBAL]
      ?.context;
    for (const value of Object.values(context ?? {})) if (value instanceof AsyncLocalStorage) value.disable();
  };
  return async (work) => {
    running++;
    try {
      return await work();
    } finally {
      if (--running === 0) disableStores();
    }
  };
}
