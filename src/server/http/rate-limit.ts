import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ErrorCode } from '../../shared/error-codes.js';
import type { DatabaseHandle } from '../db/database.js';
import { TurnBatch } from '../db/turn-batch.js';
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
 * A fixed-window counter per key in one row, counted by an atomic upsert: concurrent requests on
 * any instance each get their own count, and the window is measured on the database's clock, so
 * instances with drifting clocks agree. The hits of one turn of the event loop are counted by one
 * statement (`TurnBatch`): a burst of 100 payment callbacks made 100 round trips, each taking a
 * connection of the pool from the callbacks' own transactions (issue 21 §6).
 */
export class SharedCounter {
  private counted = 0;
  private readonly hits = new TurnBatch<Hit, { current: number; ttl: number }>((hits) => this.count(hits));

  constructor(private readonly db: Kysely<any>) {}

  hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    return this.hits.add({ key, windowMs });
  }

  /**
   * One upsert for the batch: a key hit n times adds n (a statement may change a row once), and
   * its hitters take the n counts up to the new total in turn, as n statements would have given.
   */
  private async count(hits: Hit[]): Promise<Array<{ current: number; ttl: number }>> {
    const byKey = new Map<string, { windowMs: number; times: number }>();
    for (const { key, windowMs } of hits) {
      const entry = byKey.get(key);
      if (entry) entry.times += 1;
      else byKey.set(key, { windowMs, times: 1 });
    }
    const keys = [...byKey.keys()];
    const now = sql`(extract(epoch from statement_timestamp()) * 1000)::bigint`;
    const { rows } = await sql<{ key: string; hits: number; ttl: string }>`
      insert into rate_limits as r (key, hits, window_ends_at)
      select key, times, ${now} + window_ms
      from unnest(${keys}::text[], ${keys.map((key) => byKey.get(key)!.times)}::int[],
        ${keys.map((key) => byKey.get(key)!.windowMs)}::bigint[]) as hit(key, times, window_ms)
      on conflict (key) do update set
        hits = case when r.window_ends_at <= ${now} then excluded.hits else r.hits + excluded.hits end,
        window_ends_at = case when r.window_ends_at <= ${now} then excluded.window_ends_at else r.window_ends_at end
      returning key, hits, r.window_ends_at - ${now} as ttl`.execute(this.db);
    const counted = new Map(
      rows.map((row) => [row.key, { next: row.hits - byKey.get(row.key)!.times + 1, ttl: Number(row.ttl) }]),
    );
    const before = this.counted;
    this.counted += hits.length;
    if (Math.floor(this.counted / SWEEP_EVERY) > Math.floor(before / SWEEP_EVERY)) this.sweep();
    return hits.map(({ key }) => {
      const entry = counted.get(key)!;
      return { current: entry.next++, ttl: entry.ttl };
    });
  }

  private sweep(): void {
    sql`delete from rate_limits where window_ends_at < (extract(epoch from statement_timestamp()) * 1000)::bigint`
      .execute(this.db)
      .catch(() => {
        // The next sweep tries again; a few stale rows cost nothing but space.
      });
  }
}

interface Hit {
  key: string;
  windowMs: number;
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
