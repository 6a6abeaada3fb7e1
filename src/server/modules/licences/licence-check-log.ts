import { TurnBatch } from '../../db/turn-batch.js';
import type { CheckRecord, LicencesRepository } from './licences.repository.js';

/**
 * Writes what every robot check leaves behind (issue 18): the check row (time, address, account,
 * result) and, for a bound account, when it was last seen.
 *
 * Two commits per check were the largest cost of a validation (bench part `licences`), so the
 * checks of one turn of the event loop are written together (`TurnBatch`): an answer still leaves
 * only after its own record is committed, so a crash loses no answered check, and a bad row (a
 * licence deleted meanwhile breaks its check's foreign key) fails only its own request.
 */
export class LicenceCheckLog {
  private readonly batch: TurnBatch<CheckRecord, void>;

  constructor(repository: Pick<LicencesRepository, 'recordChecks'>) {
    this.batch = new TurnBatch<CheckRecord, void>(async (records) => {
      await repository.recordChecks(records);
      return records.map(() => undefined);
    });
  }

  write(record: CheckRecord): Promise<void> {
    return this.batch.add(record);
  }
}
