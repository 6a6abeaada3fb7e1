import type { FastifyBaseLogger } from 'fastify';
import { countJobRun } from '../../metrics/metrics.js';
import type { RunExclusive } from '../module-context.js';
import type { TrialOrdersService } from './trial-orders.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Emails the clients whose free trial ends soon (tests run it as the schedule would). */
    trialReminders: TrialReminders;
  }
}

/** How often the shop looks for trials ending soon: a reminder a day ahead may come 15 minutes late. */
export const TRIAL_REMINDERS_INTERVAL_MS = 15 * 60_000;

/** The job's name in the job metrics. */
export const TRIAL_REMINDERS_JOB = 'trial_reminders';

export type ReminderRun = { ran: false } | { ran: true; emailed: number };

/**
 * The schedule of the "trial ending" emails (decision 0020): every interval, under the job lock so
 * that one app instance at a time runs it (each reminder is also marked with a compare-and-set in
 * the transaction that writes its email, so even two runs could not email a client twice).
 */
export class TrialReminders {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ReminderRun> | null = null;
  private stopped = false;

  constructor(
    private readonly options: {
      service: Pick<TrialOrdersService, 'remindEnding'>;
      /** The job lock (context.exclusive): one app instance at a time. */
      exclusive: RunExclusive;
      log: FastifyBaseLogger;
      intervalMs?: number;
      /** How long before its end a trial's client is told (a day; halfway through a shorter trial). */
      marginMs?: number;
    },
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.run(), this.options.intervalMs ?? TRIAL_REMINDERS_INTERVAL_MS);
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

  /**
   * Runs now (a run already going on in this instance is shared); errors are logged, never thrown.
   * `now` lets a test run it as if the clock said so.
   */
  run(now?: number): Promise<ReminderRun> {
    if (this.stopped) return Promise.resolve({ ran: false });
    this.running ??= this.runOnce(now ?? Date.now()).finally(() => (this.running = null));
    return this.running;
  }

  private async runOnce(now: number): Promise<ReminderRun> {
    try {
      const outcome = await this.options.exclusive('trial-reminders', () =>
        this.options.service.remindEnding(now, this.options.marginMs),
      );
      countJobRun(TRIAL_REMINDERS_JOB, outcome.ran ? 'succeeded' : 'skipped');
      if (!outcome.ran) return { ran: false };
      if (outcome.value > 0) this.options.log.info({ emailed: outcome.value }, 'trial ending emails written');
      return { ran: true, emailed: outcome.value };
    } catch (error) {
      countJobRun(TRIAL_REMINDERS_JOB, 'failed');
      this.options.log.error({ err: error }, 'emailing trials that end soon failed; trying again at the next run');
      return { ran: false };
    }
  }
}
