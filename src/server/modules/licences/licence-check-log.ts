import type { CheckRecord, LicencesRepository } from './licences.repository.js';

interface Waiting extends CheckRecord {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Writes what every robot check leaves behind (issue 18): the check row (time, address, account,
 * result) and, for a bound account, when it was last seen.
 *
 * A commit is the dearest part of a check: SQLite writes its log at every commit, and PostgreSQL
 * waits for its log to reach the disk. Two commits per check were the largest cost of a validation
 * (bench part `licences`). So the checks that reach this point in the same turn of the event loop
 * are written together in one transaction, at the end of that turn. Each caller's promise settles
 * only once its own rows are committed, so an answer never leaves before its record: a crash loses
 * no answered check, only answers not sent yet. If the shared transaction fails (a licence deleted
 * meanwhile breaks its check's foreign key), each check is written again alone, so one bad row
 * fails only its own request.
 */
export class LicenceCheckLog {
  private waiting: Waiting[] = [];

  constructor(private readonly repository: Pick<LicencesRepository, 'recordChecks'>) {}

  write(record: CheckRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ ...record, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      await this.repository.recordChecks(batch);
      for (const entry of batch) entry.resolve();
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const entry of batch) this.repository.recordChecks([entry]).then(entry.resolve, entry.reject);
    }
  }
}
