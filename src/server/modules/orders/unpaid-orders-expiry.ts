import type { FastifyBaseLogger } from 'fastify';
import { countJobRun } from '../../metrics/metrics.js';
import type { RunExclusive } from '../module-context.js';
import type { UnpaidOrdersService } from './unpaid-orders.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cancels orders left unpaid too long (tests run it as the schedule would). */
    unpaidOrdersExpiry: UnpaidOrdersExpiry;
  }
}

/**
 * How often the shop looks for orders left unpaid too long. The setting counts in days, so a
 * quarter of an hour late is nothing, and the query reads an index.
 */
export const UNPAID_ORDERS_EXPIRY_INTERVAL_MS = 15 * 60_000;

/** The job's name in the job metrics. */
export const UNPAID_ORDERS_EXPIRY_JOB = 'unpaid_orders_expiry';

export type ExpiryRun = { ran: false } | { ran: true; cancelled: number };

/**
 * The schedule of the unpaid orders' expiry (issue 17 §3): every interval, under the job lock so
 * that one app instance at a time runs it (each cancellation is a compare-and-set as well, so
 * even two runs could not cancel or email an order twice).
 */
export class UnpaidOrdersExpiry {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ExpiryRun> | null = null;
  private stopped = false;

  constructor(
    private readonly options: {
      service: Pick<UnpaidOrdersService, 'expireUnpaid'>;
      /** The job lock (context.exclusive): one app instance at a time. */
      exclusive: RunExclusive;
      log: FastifyBaseLogger;
      intervalMs?: number;
    },
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.run(), this.options.intervalMs ?? UNPAID_ORDERS_EXPIRY_INTERVAL_MS);
    // The schedule alone must not keep the process alive.
    this.timer.unref();
  }

  /** Stops the schedule and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs now (a run already going on in this instance is shared); errors are logged, never thrown. */
  run(): Promise<ExpiryRun> {
    if (this.stopped) return Promise.resolve({ ran: false });
    this.running ??= this.runOnce().finally(() => (this.running = null));
    return this.running;
  }

  private async runOnce(): Promise<ExpiryRun> {
    try {
      const outcome = await this.options.exclusive('unpaid-orders-expiry', () => this.options.service.expireUnpaid());
      countJobRun(UNPAID_ORDERS_EXPIRY_JOB, outcome.ran ? 'succeeded' : 'skipped');
      if (!outcome.ran) return { ran: false };
      if (outcome.value > 0) this.options.log.info({ cancelled: outcome.value }, 'unpaid orders cancelled');
      return { ran: true, cancelled: outcome.value };
    } catch (error) {
      countJobRun(UNPAID_ORDERS_EXPIRY_JOB, 'failed');
      this.options.log.error({ err: error }, 'cancelling unpaid orders failed; trying again at the next run');
      return { ran: false };
    }
  }
}
