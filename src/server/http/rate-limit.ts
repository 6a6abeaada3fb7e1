import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The one place that knows how requests are counted. Counters live in this process's memory
 * today; a store shared by several instances plugs in here (the plugin's `store` option) and
 * nothing else changes.
 *
 * A limit is a rule: a name, how many requests, per how long, counted per client address
 * (request.ip, which believes X-Forwarded-For only as far as TRUST_PROXY says). Rules sharing a
 * name share one counter.
 */
export interface LimitRule {
  name: string;
  max: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One check per rule name, so that every route using a rule counts against the same budget. */
    rateLimitChecks: Map<string, LimitCheck>;
  }
}

export type LimitCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Registers the counting engine; must run before any route uses a rule. */
export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'rate_limited',
      message: `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  app.decorate('rateLimitChecks', new Map<string, LimitCheck>());
}

/**
 * The check of a rule, to run as a hook: `onRequest: limiterFor(app, rule)` on a route, or called
 * from a hook that picks the rule per request (the auth catch-all limits by the endpoint
 * better-auth will run; the automation guard limits every hook). Throws the 429 when the client
 * is over the limit. A request is counted by the first check it meets only.
 */
export function limiterFor(app: FastifyInstance, rule: LimitRule): LimitCheck {
  let check = app.rateLimitChecks.get(rule.name);
  if (!check) {
    check = app.rateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: (request: FastifyRequest) => `${rule.name}:${request.ip}` }) as LimitCheck;
    app.rateLimitChecks.set(rule.name, check);
  }
  return check;
}
