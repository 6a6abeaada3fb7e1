import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ErrorCode } from '../../shared/error-codes.js';
import { currentUserSchema } from '../../shared/schemas/users.js';
import { BadRequestError } from '../errors.js';
import { socialProviderIds, type Config } from '../config.js';
import type { CurrentUser, UserResolver } from './access.js';
import { AUTH_BASE_PATH, type Auth } from './better-auth.js';
import { limiterFor, type LimitRule } from '../http/rate-limit.js';
import { checkAuthBody } from './auth-input.js';
import { isSafeRedirect, redirectFields } from './safe-redirect.js';

/** The interface's name for LinkedIn (SPEC §2) differs from better-auth's. */
export const providerInterfaceName = (id: string) => (id === 'linkedin' ? 'linkedin_oidc' : id);

export function ownOrigins(config: Config, request: FastifyRequest): string[] {
  return [new URL(config.publicUrl).origin, `${request.protocol}://${request.host}`];
}

type AuthLimit = 'signIn' | 'signUp' | 'emails';

/**
 * Every better-auth endpoint that checks a credential, creates an account, sends an email or
 * consumes an emailed token, with the budget it counts against (per client address). The path is
 * the one better-auth will run, matched after the URL was checked to be canonical.
 */
const limitedEndpoints: Array<{ method: 'GET' | 'POST'; path: RegExp; limit: AuthLimit }> = [
  { method: 'POST', path: /^\/sign-in\/[^/]+$/, limit: 'signIn' },
  {
    method: 'POST',
    path: /^\/(verify-password|change-password|set-password|delete-user|revoke-session)$/,
    limit: 'signIn',
  },
  { method: 'POST', path: /^\/sign-up\/[^/]+$/, limit: 'signUp' },
  {
    method: 'POST',
    path: /^\/(request-password-reset|reset-password|send-verification-email|change-email)$/,
    limit: 'emails',
  },
  { method: 'GET', path: /^\/(reset-password\/[^/]+|verify-email|delete-user\/callback)$/, limit: 'emails' },
];

/** Rules per client address: sign-up gets half the sign-in budget; emails and tokens half per 15 minutes. */
function authLimitRules(perMinute: number): Record<AuthLimit, LimitRule> {
  const half = Math.max(1, Math.floor(perMinute / 2));
  return {
    signIn: { name: 'auth-sign-in', max: perMinute, windowMs: 60_000 },
    signUp: { name: 'auth-sign-up', max: half, windowMs: 60_000 },
    emails: { name: 'auth-emails', max: half, windowMs: 15 * 60_000 },
  };
}

/**
 * The path under /api/auth that better-auth will run, or an error when the request spells it in a
 * way a URL parser would rewrite ("x/../", "./", "%2e%2e", backslashes): the rate limits and
 * redirect checks must judge exactly what runs, so only the canonical spelling is accepted.
 */
export function authEndpointPath(rawUrl: string): string {
  const rawPath = rawUrl.split('?', 1)[0]!;
  const resolved = new URL(rawPath, 'http://canonical.invalid').pathname;
  if (resolved !== rawPath || !rawPath.startsWith(`${AUTH_BASE_PATH}/`)) {
    throw new BadRequestError('This address is not written in its canonical form.');
  }
  return rawPath.slice(AUTH_BASE_PATH.length);
}

export function registerAuthRoutes(app: FastifyInstance, auth: Auth, config: Config, resolveUser: UserResolver): void {
  const rules = authLimitRules(config.authRateLimit);
  const checks = {
    signIn: limiterFor(app, rules.signIn),
    signUp: limiterFor(app, rules.signUp),
    emails: limiterFor(app, rules.emails),
  };

  // One route for all of better-auth: the limit is chosen by the endpoint that will run, so no
  // spelling of a path can reach an endpoint without meeting its limit.
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    config: { access: 'public' },
    onRequest: async (request, reply) => {
      const path = authEndpointPath(request.url);
      const endpoint = limitedEndpoints.find(
        (candidate) => candidate.method === request.method && candidate.path.test(path),
      );
      if (endpoint) await checks[endpoint.limit](request, reply);
    },
    handler: async (request, reply) => {
      refuseForeignRedirects(request, config);
      checkAuthBody(request.body);
      const response = await auth.handler(toFetchRequest(request));
      return sendFetchResponse(response, reply);
    },
  });

  app.get(
    `${AUTH_BASE_PATH}/providers`,
    { config: { access: 'public' }, schema: { response: { 200: z.object({ providers: z.array(z.string()) }) } } },
    async () => ({
      providers: socialProviderIds.filter((id) => config.socialProviders[id]).map(providerInterfaceName),
    }),
  );

  app.get(
    '/api/me',
    { config: { access: 'signed-in' }, schema: { response: { 200: currentUserSchema } } },
    async (request): Promise<CurrentUser | null> => request.user,
  );

  // What the browser app asks on every load: a visitor is an answer (`user: null`), not a 401,
  // which browsers log as an error in the console of every signed-out visitor.
  app.get(
    '/api/session',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.object({ user: currentUserSchema.nullable() }) } },
    },
    // Per person: no cache along the way may keep it.
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return { user: await resolveUser(request) };
    },
  );
}

function refuseForeignRedirects(request: FastifyRequest, config: Config): void {
  const sources = [request.body, request.query].filter(
    (source): source is Record<string, unknown> => typeof source === 'object' && source !== null,
  );
  for (const source of sources) {
    for (const field of redirectFields) {
      const target = source[field];
      if (target === undefined) continue;
      if (typeof target !== 'string' || !isSafeRedirect(target, ownOrigins(config, request))) {
        throw new BadRequestError('The redirect target must be a page of this site.', {
          [field]: 'must be a page of this site',
        });
      }
    }
  }
}

/** Fastify has already parsed the body; better-auth wants a Fetch API Request. */
function toFetchRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === 'x-tradebot-client-ip') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  // better-auth records the client address of each session from this header only; we set it
  // from request.ip so that a client cannot choose it.
  headers.set('x-tradebot-client-ip', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

/** Copies better-auth's answer, with its errors in our `{ error: { code, message } }` shape. */
async function sendFetchResponse(response: Response, reply: FastifyReply) {
  reply.status(response.status);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding') reply.header(name, value);
  });
  const text = await response.text();
  if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('json')) {
    const parsed = safeJson(text) as { code?: string; message?: string } | null;
    return reply.send({
      error: {
        code: parsed?.code?.toLowerCase() ?? ('auth_error' satisfies ErrorCode),
        message: parsed?.message ?? 'Authentication failed.',
      },
    });
  }
  return reply.send(text.length > 0 ? text : null);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
