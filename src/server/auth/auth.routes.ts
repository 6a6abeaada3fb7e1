import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError } from '../errors.js';
import { socialProviderIds, type Config } from '../config.js';
import type { CurrentUser } from './access.js';
import { AUTH_BASE_PATH, type Auth } from './better-auth.js';
import { isSafeRedirect, redirectFields } from './safe-redirect.js';

/** The interface's name for LinkedIn (SPEC §2) differs from better-auth's. */
export const providerInterfaceName = (id: string) => (id === 'linkedin' ? 'linkedin_oidc' : id);

export function ownOrigins(config: Config, request: FastifyRequest): string[] {
  return [new URL(config.publicUrl).origin, `${request.protocol}://${request.host}`];
}

/** Rate limits per client address (request.ip, which believes proxies only under TRUST_PROXY). */
function rateLimits(perMinute: number) {
  const half = Math.max(1, Math.floor(perMinute / 2));
  return {
    signIn: { max: perMinute, timeWindow: 60_000 },
    signUp: { max: half, timeWindow: 60_000 },
    passwordReset: { max: half, timeWindow: 15 * 60_000 },
  };
}

export function registerAuthRoutes(app: FastifyInstance, auth: Auth, config: Config): void {
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    refuseForeignRedirects(request, config);
    const response = await auth.handler(toFetchRequest(request));
    return sendFetchResponse(response, reply);
  };
  const limits = rateLimits(config.authRateLimit);
  const limited = (group: keyof typeof limits) => ({
    access: 'public' as const,
    rateLimit: { ...limits[group], groupId: group, keyGenerator: (request: FastifyRequest) => `${group}:${request.ip}` },
  });

  app.post(`${AUTH_BASE_PATH}/sign-in/*`, { config: limited('signIn') }, forward);
  app.post(`${AUTH_BASE_PATH}/sign-up/*`, { config: limited('signUp') }, forward);
  app.post(`${AUTH_BASE_PATH}/request-password-reset`, { config: limited('passwordReset') }, forward);
  app.post(`${AUTH_BASE_PATH}/reset-password`, { config: limited('passwordReset') }, forward);
  app.post(`${AUTH_BASE_PATH}/send-verification-email`, { config: limited('passwordReset') }, forward);
  app.route({ method: ['GET', 'POST'], url: `${AUTH_BASE_PATH}/*`, config: { access: 'public' }, handler: forward });

  app.get(`${AUTH_BASE_PATH}/providers`, { config: { access: 'public' } }, async () => ({
    providers: socialProviderIds.filter((id) => config.socialProviders[id]).map(providerInterfaceName),
  }));

  app.get('/api/me', { config: { access: 'signed-in' } }, async (request): Promise<CurrentUser | null> => request.user);
}

function refuseForeignRedirects(request: FastifyRequest, config: Config): void {
  const sources = [request.body, request.query].filter((source): source is Record<string, unknown> => typeof source === 'object' && source !== null);
  for (const source of sources) {
    for (const field of redirectFields) {
      const target = source[field];
      if (target === undefined) continue;
      if (typeof target !== 'string' || !isSafeRedirect(target, ownOrigins(config, request))) {
        throw new BadRequestError('The redirect target must be a page of this site.', { [field]: 'must be a page of this site' });
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
  return new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined });
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
    return reply.send({ error: { code: (parsed?.code ?? 'auth_error').toLowerCase(), message: parsed?.message ?? 'Authentication failed.' } });
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
