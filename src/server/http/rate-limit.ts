import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ErrorCode } from '../../shared/error-codes.js';
import type { DatabaseHandle } from '../db/database.js';
import { AppError } from '../errors.js';

/**
 * The one place that knows how requests are counted. On PostgreSQL the counters live in the
 * shared database (table rate_limits), so several instances behind a load balancer count one
 * budget per client; on SQLite (one process per DATA_DIR) they live in this process's memory.
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

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Expired counters are deleted once every this many counted requests. */
const SWEEP_EVERY = 1000;

/**
 * A fixed-window counter per key in one row, counted by a single atomic upsert: concurrent
 * requests on any instance each get their own count, and the window is measured on the
 * database's clock, so instances with drifting clocks agree.
 */
export class SharedCounter {
  private counted = 0;

  constructor(private readonly db: Kysely<any>) {}

  async hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const now = sql`(extract(epoch from statement_timestamp()) * 1000)::bigint`;
    const { rows } = await sql<{ hits: number; ttl: string }>`
      insert into rate_limits as r (key, hits, window_ends_at) values (${key}, 1, ${now} + ${windowMs})
      on conflict (key) do update set
        hits = case when r.window_ends_at <= ${now} then 1 else r.hits + 1 end,
        window_ends_at = case when r.window_ends_at <= ${now} then ${now} + ${windowMs} else r.window_ends_at end
      returning hits, r.window_ends_at - ${now} as ttl`.execute(this.db);
    if (++this.counted % SWEEP_EVERY === 0) this.sweep();
    return { current: rows[0]!.hits, ttl: Number(rows[0]!.ttl) };
  }

  private sweep(): void {
    sql`delete from rate_limits where window_ends_at < (extract(epoch from statement_timestamp()) * 1000)::bigint`
      .execute(this.db)
      .catch(() => {
        // The next sweep tries again; a few stale rows cost nothing but space.
      });
  }
}

/** @fastify/rate-limit's store interface over a SharedCounter (the plugin constructs it itself). */
function sharedStore(counter: SharedCounter) {
  return class SharedStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      counter.hit(key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(): SharedStore {
      return this;
    }
  };
}

/** Registers the counting engine; must run before any route uses a rule. */
export async function registerRateLimiting(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'db' | 'dialect'>,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(database.dialect === 'postgres' ? { store: sharedStore(new SharedCounter(database.db)) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'rate_limited' satisfies ErrorCode,
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
    check = app.rateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request: FastifyRequest) => `${rule.name}:${request.ip}`,
    }) as LimitCheck;
    app.rateLimitChecks.set(rule.name, check);
  }
  return check;
}

/**
 * A second budget on a request, counted by a key the route takes from the request (the licence
 * API counts per licence key as well as per address) instead of by address. Unlike limiterFor's
 * check, it counts even when another check counted the request already; run it where the key is
 * known, e.g. as a preHandler once the body is read. Counters live where limiterFor's do.
 */
export function keyedLimiterFor(
  app: FastifyInstance,
  rule: LimitRule,
  keyOf: (request: FastifyRequest) => string,
): LimitCheck {
  const count = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${rule.name}:${keyOf(request)}`,
  });
  return async (request, reply) => {
    const result = await count(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError(429, 'rate_limited', `Too many attempts. Try again in ${result.ttlInSeconds} seconds.`);
  };
}
