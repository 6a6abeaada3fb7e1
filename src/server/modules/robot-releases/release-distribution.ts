import type { FastifyBaseLogger } from 'fastify';
import { countJobRun } from '../../metrics/metrics.js';
import type { ReleaseVersionsService } from '../orders/release-versions.service.js';
import type { CurrentReleases } from './robot-releases.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Gives new releases to the robots' owners (tests wait on `drain()`, never on time). */
    releaseDistribution: ReleaseDistribution;
  }
}

/**
 * How often an instance looks for releases still to distribute: those an instance stopped before
 * finishing, or that another instance stored. The instance that stores a release starts at once.
 */
export const RELEASE_DISTRIBUTION_INTERVAL_MS = 60_000;
/**
 * A release is marked distributed only once it is this old and a pass found no order due it: an
 * order completed with the previous release in a transaction that was still open when this one
 * was stored is then seen by a later pass.
 */
export const RELEASE_SETTLE_MS = 60_000;
/** Orders read per query; a pass goes on batch after batch until none is due. */
const BATCH = 100;

/** The job's name in the job metrics. */
export const RELEASE_DISTRIBUTION_JOB = 'release_distribution';

/**
 * The durable job that gives each new release to the completed orders of its robot (decision
 * 0018), outside the upload's request: a robot may have hundreds of owners. What is left to do is
 * in the database (the release's `distributed_at`), so a restart resumes it. It needs no job lock:
 * each order gets a release once (a unique version per order and release, written with its email
 * in one transaction), so instances running it together only share the work.
 */
export class ReleaseDistribution {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly options: {
      releases: Pick<CurrentReleases, 'pending' | 'markDistributed'>;
      versions: Pick<ReleaseVersionsService, 'deliver'>;
      log: FastifyBaseLogger;
      intervalMs?: number;
      now?: () => number;
    },
  ) {}

  /** Starts the schedule, and finishes what an earlier run left. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.wake(), this.options.intervalMs ?? RELEASE_DISTRIBUTION_INTERVAL_MS);
    // The schedule alone must not keep the process alive.
    this.timer.unref();
    this.wake();
  }

  /** Runs soon: right after a release was stored. A run in progress runs once more after it. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runOnce().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Resolves once a run started now has ended: every release stored so far has reached its orders. */
  async drain(): Promise<void> {
    // A run in progress may have listed the releases before the last one committed: wake() asks
    // for one more run after it.
    this.wake();
    while (this.running) await this.running;
  }

  /** Stops the schedule and waits for the run in progress (it stops between two orders). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running) await this.running;
  }

  private async runOnce(): Promise<void> {
    try {
      const now = this.options.now?.() ?? Date.now();
      for (const release of await this.options.releases.pending()) {
        for (;;) {
          if (this.stopped) return;
          const pass = await this.options.versions.deliver(release, BATCH);
          if (pass.added > 0)
            this.options.log.info({ release: release.id, orders: pass.added }, 'new release delivered');
          // Nothing added: none due, or those listed changed meanwhile (the next run sees them again).
          if (pass.added === 0) {
            if (pass.looked === 0 && now - Date.parse(release.released_at) >= RELEASE_SETTLE_MS)
              await this.options.releases.markDistributed(release.id, new Date(now).toISOString());
            break;
          }
        }
      }
      countJobRun(RELEASE_DISTRIBUTION_JOB, 'succeeded');
    } catch (error) {
      countJobRun(RELEASE_DISTRIBUTION_JOB, 'failed');
      this.options.log.error({ err: error }, 'distributing new releases failed; trying again at the next run');
    }
  }
}
