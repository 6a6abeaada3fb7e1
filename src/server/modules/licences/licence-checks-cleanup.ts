import type { FastifyBaseLogger } from 'fastify';
import type { LicencesRepository } from './licences.repository.js';

/** The robots' checks are kept this long (issue 18: the validation log keeps 90 days). */
export const LICENCE_CHECKS_KEPT_DAYS = 90;
/** How often the old checks are deleted. */
export const LICENCE_CHECKS_CLEANUP_EVERY_MS = 6 * 3_600_000;

export type Exclusive = (work: () => Promise<number>) => Promise<{ ran: true; value: number } | { ran: false }>;

/**
 * Deletes checks older than 90 days, at start and then every few hours, on one instance at a
 * time (the exclusive job lock): two instances deleting the same rows would only waste work,
 * but the lock keeps the job's cost on one of them.
 */
export class LicenceChecksCleanup {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly repository: Pick<LicencesRepository, 'deleteChecksBefore'>,
    private readonly exclusive: Exclusive,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Deletes the old checks now, unless another instance is at it; answers how many it deleted. */
  async runOnce(): Promise<{ ran: true; value: number } | { ran: false }> {
    const cutoff = new Date(this.now() - LICENCE_CHECKS_KEPT_DAYS * 86_400_000).toISOString();
    return this.exclusive(() => this.repository.deleteChecksBefore(cutoff));
  }

  start(): void {
    const run = () => {
      this.running = this.runOnce()
        .catch((error: unknown) => this.log.error({ err: error }, 'old licence checks could not be deleted'))
        .finally(() => (this.running = null));
    };
    run();
    this.timer = setInterval(run, LICENCE_CHECKS_CLEANUP_EVERY_MS);
    // The schedule alone must not keep the process alive.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
