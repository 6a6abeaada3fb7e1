import type { Kysely } from 'kysely';
import { downloadableStatus } from '../../../shared/order-states.js';
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { EmailOutbox } from '../email-outbox/email-outbox.service.js';
import type { CurrentRelease } from '../robot-releases/robot-releases.service.js';
import type { ReleasesOn } from './automatic-delivery.js';
import type { SettingsService } from '../settings/settings.service.js';
import { OrderEmails } from './order-emails.js';
import { OrdersRepository } from './orders.repository.js';

/** What one pass over a release did: the orders it looked at, and those that got a version. */
export interface ReleasePass {
  looked: number;
  added: number;
}

/**
 * New releases reach the robot's owners (issue 18 §1, decision 0018): each completed order due a
 * release gets it as its next version, with its own downloads, and its client an email in the
 * language they ordered in, with the release notes. Each order is one transaction (the version and
 * its email commit together) under the release's lock (a release being deleted is not delivered),
 * and a version is added only once per order and release, so passes may overlap, on one instance
 * or several, and a pass cut short is finished by the next.
 */
export class ReleaseVersionsService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly emails: OrderEmails,
    private readonly releases: ReleasesOn,
  ) {}

  /** Gives the release to up to `limit` of the orders due it. */
  async deliver(release: CurrentRelease, limit: number): Promise<ReleasePass> {
    const due = await this.orders.versions.dueRelease(release, limit);
    let added = 0;
    for (const order of due) {
      const version = await this.orders.transaction(async (orders) => {
        if (!(await this.releases(orders.db).lock(release.id))) return undefined;
        // Refunded or otherwise changed since it was listed: no longer due.
        const current = await orders.findById(order.id);
        if (current?.status !== downloadableStatus) return undefined;
        const inserted = await orders.versions.addRelease(
          order.id,
          { release_id: release.id, notes: release.notes, file_path: release.file_path, file_name: release.file_name },
          release.version,
        );
        if (inserted) await this.emails.newVersion(current, inserted, orders);
        return inserted;
      });
      if (version) added += 1;
    }
    if (added > 0) this.emails.sendSoon();
    return { looked: due.length, added };
  }
}

export function createReleaseVersionsService(options: {
  db: Kysely<Database>;
  dialect: DialectName;
  emailOutbox: EmailOutbox;
  publicUrl: string;
  releases: ReleasesOn;
  settings: Pick<SettingsService, 'getAllWithin'>;
}): ReleaseVersionsService {
  return new ReleaseVersionsService(
    new OrdersRepository(options.db, options.dialect),
    new OrderEmails({ outbox: options.emailOutbox, publicUrl: options.publicUrl, settings: options.settings }),
    options.releases,
  );
}
