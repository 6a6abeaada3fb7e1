import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { CampaignSummary } from '../../../shared/schemas/newsletter.js';
import type { Database } from '../../db/schema.js';
import { emailContains, type SubscriberFilter } from './newsletter.repository.js';

export interface NewCampaign {
  title: string;
  content: string;
  sender: string;
}

export interface PendingDelivery {
  subscriber_id: string;
  email: string;
  attempts: number;
  /** Null when the subscriber left (unsubscribed or deleted) after the campaign was created. */
  unsubscribe_token: string | null;
}

const campaignColumns = [
  'id',
  'title',
  'channel',
  'status',
  'sender',
  'error',
  'created_date',
  'finished_date',
  'recipient_count',
] as const;

/** How many campaigns the administrator's history shows. */
const HISTORY_LENGTH = 50;

export class CampaignsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A newsletter handed to the workflow: one row for the history, already finished. */
  async recordWorkflowCampaign(campaign: NewCampaign, recipientCount: number, error: string | null) {
    const now = new Date().toISOString();
    const id = randomUUID();
    await this.db
      .insertInto('newsletter_campaigns')
      .values({
        id,
        ...campaign,
        channel: 'workflow',
        status: error ? 'failed' : 'sent',
        recipient_count: recipientCount,
        error,
        created_date: now,
        finished_date: now,
      })
      .execute();
    return id;
  }

  /**
   * An email campaign and one pending delivery per confirmed recipient, in one transaction: the
   * background sender then works from these rows only, so a restart knows who is left.
   */
  async createEmailCampaign(
    campaign: NewCampaign,
    filter: SubscriberFilter,
  ): Promise<{ id: string; recipients: number }> {
    const id = randomUUID();
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('newsletter_campaigns')
        .values({
          id,
          ...campaign,
          channel: 'email',
          status: 'sending',
          recipient_count: 0,
          error: null,
          created_date: new Date().toISOString(),
          finished_date: null,
        })
        .execute();
      let recipients = trx
        .selectFrom('newsletter_subscribers')
        .select([sql.lit(id).as('campaign_id'), 'id', 'email'])
        .where('confirmed_date', 'is not', null);
      if (filter.q) recipients = recipients.where(emailContains(filter.q));
      if (filter.ids) recipients = recipients.where('id', 'in', filter.ids);
      const inserted = await trx
        .insertInto('newsletter_deliveries')
        .columns(['campaign_id', 'subscriber_id', 'email'])
        .expression(recipients)
        .executeTakeFirst();
      const count = Number(inserted.numInsertedOrUpdatedRows ?? 0);
      await trx.updateTable('newsletter_campaigns').set({ recipient_count: count }).where('id', '=', id).execute();
      return { id, recipients: count };
    });
  }

  async deleteCampaign(id: string): Promise<void> {
    await this.db.deleteFrom('newsletter_campaigns').where('id', '=', id).execute();
  }

  /** The oldest email campaign still sending, if any. */
  nextSendingCampaign() {
    return this.db
      .selectFrom('newsletter_campaigns')
      .select(['id', 'title', 'content'])
      .where('channel', '=', 'email')
      .where('status', '=', 'sending')
      .orderBy('created_date')
      .orderBy('id')
      .executeTakeFirst();
  }

  pendingDeliveries(campaignId: string, limit: number): Promise<PendingDelivery[]> {
    return this.db
      .selectFrom('newsletter_deliveries as d')
      .leftJoin('newsletter_subscribers as s', 's.id', 'd.subscriber_id')
      .select(['d.subscriber_id', 'd.email', 'd.attempts', 's.unsubscribe_token'])
      .where('d.campaign_id', '=', campaignId)
      .where('d.status', '=', 'pending')
      .orderBy('d.subscriber_id')
      .limit(limit)
      .execute();
  }

  async markDelivery(
    campaignId: string,
    subscriberId: string,
    outcome: { status: 'sent' | 'failed' | 'skipped' | 'pending'; attempts?: number; error?: string | null },
  ) {
    await this.db
      .updateTable('newsletter_deliveries')
      .set({
        status: outcome.status,
        error: outcome.error ?? null,
        ...(outcome.attempts === undefined ? {} : { attempts: outcome.attempts }),
        ...(outcome.status === 'sent' ? { sent_date: new Date().toISOString() } : {}),
      })
      .where('campaign_id', '=', campaignId)
      .where('subscriber_id', '=', subscriberId)
      .execute();
  }

  async finishCampaign(id: string): Promise<void> {
    await this.db
      .updateTable('newsletter_campaigns')
      .set({ status: 'sent', finished_date: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .execute();
  }

  /** The newest campaigns with their progress (sent, failed, skipped, remaining). */
  async history(ids?: string[]): Promise<CampaignSummary[]> {
    let query = this.db
      .selectFrom('newsletter_campaigns')
      .select(campaignColumns)
      .orderBy('created_date', 'desc')
      .orderBy('id', 'desc')
      .limit(HISTORY_LENGTH);
    if (ids) query = query.where('id', 'in', ids);
    const campaigns = await query.execute();
    const emailIds = campaigns.filter((campaign) => campaign.channel === 'email').map((campaign) => campaign.id);
    const counts = emailIds.length
      ? await this.db
          .selectFrom('newsletter_deliveries')
          .select(['campaign_id', 'status', (eb) => eb.fn.countAll<number>().as('count')])
          .where('campaign_id', 'in', emailIds)
          .groupBy(['campaign_id', 'status'])
          .execute()
      : [];
    return campaigns.map((campaign) => {
      const tally = { pending: 0, sent: 0, failed: 0, skipped: 0 };
      if (campaign.channel === 'workflow') {
        if (campaign.status === 'sent') tally.sent = campaign.recipient_count;
        else tally.failed = campaign.recipient_count;
      }
      for (const row of counts) if (row.campaign_id === campaign.id) tally[row.status] = Number(row.count);
      const { recipient_count, ...rest } = campaign;
      return {
        ...rest,
        recipients: recipient_count,
        sent: tally.sent,
        failed: tally.failed,
        skipped: tally.skipped,
        remaining: tally.pending,
      };
    });
  }
}
