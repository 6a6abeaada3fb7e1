import type { FastifyBaseLogger } from 'fastify';
import { STATS_MIN_INTERVAL_MS, STATS_PAUSE_BETWEEN_ROBOTS_MS } from '../../../shared/constants.js';
import type { RefreshSkip } from '../../../shared/schemas/stats.js';
import { UpstreamError } from '../../errors.js';
import {
  WorkflowRefusedError,
  WorkflowReplyError,
  type AutomationGateway,
} from '../../integrations/automation-gateway.js';
import { countJobRun } from '../../metrics/metrics.js';
import type { StatsService } from './stats.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's stats refresher, to refresh on demand (and for tests to await a background refresh). */
    statsRefresher: StatsRefresher;
  }
}

export type { RefreshSkip };
export type RefreshResult = { skipped: RefreshSkip } | { updated: number; historyRows: number };

export type Exclusive = <T>(work: () => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>;

export interface StatsRefresherOptions {
  stats: StatsService;
  /** The stats workflow, asked before the records are applied, through the automation gateway. */
  workflow: Pick<AutomationGateway, 'fetchStats'>;
  log: FastifyBaseLogger;
  /** Keeps two app instances from refreshing at once (db/dialect.ts runExclusive). Default: always runs. */
  exclusive?: Exclusive;
  /** Pause between two robots (SPEC §9); tests pass 0. */
  pauseMs?: number;
  /** A refresh completed less than this long ago makes the next one skip (SPEC §9). */
  minIntervalMs?: number;
  now?: () => number;
  /** Called after a refresh that wrote to robots, e.g. to drop cached catalogue answers. */
  onRobotsChanged?: () => void;
}

/** The refresher's name in the job metrics. */
export const STATS_REFRESH_JOB = 'stats_refresh';

/**
 * The stats refresher (SPEC §4 "Stats refresher", DESIGN deviation 6), run by the server on a
 * schedule and on demand rather than in a visitor's browser: it asks the stats workflow for fresh
 * records, then applies each active robot's record to the robot, pausing between robots.
 */
export class StatsRefresher {
  private readonly pauseMs: number;
  private readonly minIntervalMs: number;
  private readonly now: () => number;
  private readonly exclusive: Exclusive;
  private readonly stopping = new AbortController();
  private running: Promise<RefreshResult> | null = null;
  private lastCompletedAt: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: StatsRefresherOptions) {
    this.pauseMs = options.pauseMs ?? STATS_PAUSE_BETWEEN_ROBOTS_MS;
    this.minIntervalMs = options.minIntervalMs ?? STATS_MIN_INTERVAL_MS;
    this.now = options.now ?? Date.now;
    this.exclusive = options.exclusive ?? (async (work) => ({ ran: true, value: await work() }));
  }

  /** Refreshes every `seconds`; 0 schedules nothing (refreshes then happen only on demand). */
  start(seconds: number): void {
    if (seconds <= 0 || this.timer || this.stopping.signal.aborted) return;
    this.timer = setInterval(() => this.trigger(), seconds * 1000);
    // The schedule alone must not keep the process alive.
    this.timer.unref();
  }

  /** Stops the schedule, cuts a refresh in progress short and waits for it to end. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping.abort();
    await this.idle();
  }

  /** Resolves once no refresh is in progress (for shutdown, and for tests of background refreshes). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /** Why a refresh asked for now would not run, or null when it would. */
  private skipReason(): RefreshSkip | null {
    if (this.stopping.signal.aborted) return 'stopped';
    if (this.running) return 'running';
    if (this.lastCompletedAt !== null && this.now() - this.lastCompletedAt < this.minIntervalMs) return 'recent';
    return null;
  }

  /** Refreshes now and says what happened. Rejects only when the robots cannot be listed. */
  async refresh(): Promise<RefreshResult> {
    const skip = this.skipReason();
    if (skip) return { skipped: skip };
    const run = this.run();
    this.running = run;
    try {
      const result = await run;
      countJobRun(STATS_REFRESH_JOB, 'skipped' in result ? 'skipped' : 'succeeded');
      return result;
    } catch (error) {
      countJobRun(STATS_REFRESH_JOB, 'failed');
      throw error;
    } finally {
      this.running = null;
      this.lastCompletedAt = this.now();
    }
  }

  /**
   * Starts a refresh in the background and answers at once: the caller (the push hook, the
   * timer) must not wait for the workflow, which may itself be waiting for the caller. Errors are
   * logged, never thrown.
   */
  trigger(): 'started' | RefreshSkip {
    const skip = this.skipReason();
    if (skip) return skip;
    this.refresh().then(
      (result) => this.options.log.debug({ result }, 'stats refresh finished'),
      (error: unknown) => this.options.log.error({ err: error }, 'stats refresh failed'),
    );
    return 'started';
  }

  private async run(): Promise<RefreshResult> {
    const { stats, log } = this.options;
    const signal = this.stopping.signal;
    const outcome = await this.exclusive(async () => {
      const robots = await stats.listActiveRobots();
      await this.askWorkflow(
        robots.map((robot) => robot.name),
        signal,
      );
      let updated = 0;
      let historyRows = 0;
      for (const [index, robot] of robots.entries()) {
        if (index > 0) await pause(this.pauseMs, signal);
        if (signal.aborted) break;
        try {
          const result = await stats.refreshRobot(robot, new Date(this.now()).toISOString());
          if (result !== 'no-record') updated += 1;
          if (result === 'changed') historyRows += 1;
        } catch (error) {
          // One robot that cannot be written must not keep the others stale.
          log.error({ err: error, robotId: robot.id }, 'stats refresh of a robot failed');
        }
      }
      if (updated > 0) this.options.onRobotsChanged?.();
      return { updated, historyRows };
    });
    return outcome.ran ? outcome.value : { skipped: 'locked' };
  }

  /**
   * Asks the stats workflow for fresh records and stores those it returns. Whatever goes wrong
   * (unreachable, slow, an error status, an answer that is not an array of records) is logged
   * and the refresh goes on with the records already stored.
   */
  private async askWorkflow(robots: string[], stopping: AbortSignal): Promise<void> {
    const { log, stats } = this.options;
    try {
      const reply = await this.options.workflow.fetchStats(robots, stopping);
      if (!reply) return;
      await stats.push(reply.records, 'workflow');
      if (reply.ignored > 0)
        log.warn(
          { invalid: reply.ignored },
          'stats workflow answer had records that are not stats records; they were ignored',
        );
    } catch (error) {
      if (error instanceof WorkflowRefusedError) {
        log.warn({ status: error.answerStatus }, 'stats workflow answered with an error; applying the stored records');
      } else if (error instanceof WorkflowReplyError) {
        log.warn(
          { err: error },
          'stats workflow did not answer with an array of stats records; applying the stored records',
        );
      } else {
        const timedOut = error instanceof UpstreamError && error.status === 504;
        log.warn(
          { err: error },
          timedOut
            ? 'stats workflow did not answer in time; applying the stored records'
            : 'stats workflow failed; applying the stored records',
        );
      }
    }
  }
}

/** Waits `ms`, or less if the refresher is stopped meanwhile. */
function pause(ms: number, stopping: AbortSignal): Promise<void> {
  if (ms <= 0 || stopping.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stopping.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stopping.addEventListener('abort', done, { once: true });
  });
}
