import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';
import type { PoolStats } from '../db/database.js';
import { UnauthorizedError } from '../errors.js';
import { sameText } from '../integrations/automation-auth.js';

/**
 * The shop's Prometheus metrics. Other modules count through the small functions below; the
 * figures are the process's, so several instances are told apart by Prometheus's `instance`
 * label. GET /api/metrics exists only when METRICS_TOKEN is set.
 */
const shared = new Registry();

const eventStreams = new Gauge({
  name: 'tradebot_event_streams_open',
  help: 'Order status event streams (SSE) open now.',
  registers: [shared],
});

const paymentCallbacks = new Counter({
  name: 'tradebot_payment_callbacks_total',
  help: 'Payment status callbacks from the payment workflow, by result.',
  labelNames: ['result'] as const,
  registers: [shared],
});

const jobRuns = new Counter({
  name: 'tradebot_job_runs_total',
  help: 'Background job runs, by job and outcome (succeeded, failed, skipped).',
  labelNames: ['job', 'outcome'] as const,
  registers: [shared],
});

const DURATION_BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface DurationSeries {
  labels: { method: string; route: string; status_code: number };
  /** Requests per bucket (not cumulative), by DURATION_BOUNDS index. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The request-duration histogram, kept in plain arrays: prom-client's Histogram.observe costs
 * about a microsecond a call (it validates and hashes the labels every time), a few per cent of
 * a cached public read. Registered in prom-client's registry like any metric (it reads `get()`).
 */
class RequestDurations {
  readonly name = 'tradebot_http_request_duration_seconds';
  readonly help = 'HTTP requests by method, route pattern and status: rate from _count, latency from the buckets.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, DurationSeries>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status_code: status },
        counts: DURATION_BOUNDS.map(() => 0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < DURATION_BOUNDS.length && seconds > DURATION_BOUNDS[bucket]!) bucket += 1;
    if (bucket < DURATION_BOUNDS.length) series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  get() {
    const values: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      DURATION_BOUNDS.forEach((bound, index) => {
        cumulative += counts[index]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le: bound, ...labels }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

const requestDurations = new RequestDurations();
shared.registerMetric(requestDurations as unknown as Metric);

/** Call when an order event stream opens; call the returned function once when it closes. */
export function eventStreamOpened(): () => void {
  eventStreams.inc();
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    eventStreams.dec();
  };
}

/**
 * Counts a payment callback by what it did: `paid`, `failed`, `needs_review` (a payment the owner
 * reviews), `unchanged` (a repeat or a stale
 * status), `ignored` (a status or payment attempt that moves nothing), `refused` (bad credentials
 * or signature), `invalid` (an unknown status word), `unknown_order`.
 * Keep results to such a short fixed list: each value is a time series.
 */
export function countPaymentCallback(result: string): void {
  paymentCallbacks.inc({ result });
}

export type JobOutcome = 'succeeded' | 'failed' | 'skipped';

/** Counts one run of a background job (the stats refresher is `stats_refresh`). */
export function countJobRun(job: string, outcome: JobOutcome): void {
  jobRuns.inc({ job, outcome });
}

let defaultMetricsStarted = false;

export interface MetricsOptions {
  /** Bearer token of GET /api/metrics; without it the endpoint does not exist (404). */
  token: string | undefined;
  /** The database connection pool's figures at scrape time. */
  poolStats: () => PoolStats;
}

/**
 * Times every request (by route pattern, never the raw URL, so ids do not multiply the series)
 * and serves the metrics to a caller holding the token. Register before the routes. Without a
 * token nothing is added: no route, no hook, no cost.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const token = options.token;
  if (!token) return;
  if (!defaultMetricsStarted) {
    // CPU, memory, event-loop lag, garbage collection: once per process.
    collectDefaultMetrics({ register: shared });
    defaultMetricsStarted = true;
  }
  const own = new Registry();
  new Gauge({
    name: 'tradebot_db_pool_connections',
    help: 'Database connections of this instance, by state (total, idle, waiting = queries queued for a connection).',
    labelNames: ['state'] as const,
    registers: [own],
    collect() {
      const stats = options.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  const registry = Registry.merge([shared, own]);

  app.addHook('onResponse', (request, reply, done) => {
    requestDurations.observe(
      request.method,
      request.routeOptions.url ?? 'no route',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/api/metrics', { config: { access: 'public' } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!given || !sameText(given, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new UnauthorizedError('Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.');
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
