import type { CompiledQuery, Insertable, Kysely, Selectable } from 'kysely';
import { directStatements } from '../../db/direct-statements.js';
import { preparedQuery, preparedRecordQuery } from '../../db/prepared-query.js';
import type { Database, EmailOutboxTable } from '../../db/schema.js';

export type OutboxRow = Selectable<EmailOutboxTable>;
/** The columns a new email is written with; the rest (attempts, outcomes) take their defaults. */
const newRowColumns = [
  'id',
  'message_id',
  'kind',
  'order_id',
  'recipient',
  'language',
  'subject',
  'body',
  'created_at',
  'next_attempt_at',
] as const;

export type NewOutboxRow = Required<Pick<Insertable<EmailOutboxTable>, (typeof newRowColumns)[number]>>;

/** Statements compiled once, shared by the repositories built on transactions (`EmailOutbox.add`). */
export interface CompiledOutboxQueries {
  insertOne?: (row: NewOutboxRow) => CompiledQuery;
}

/** What the sender needs of a waiting email. */
export type DueEmail = Pick<
  OutboxRow,
  'id' | 'message_id' | 'kind' | 'order_id' | 'recipient' | 'language' | 'subject' | 'body' | 'attempts'
>;

/** An attempt to claim: the email, the attempt count the sender read, and when to retry if this attempt dies. */
export interface Claim {
  id: string;
  seenAttempts: number;
  now: string;
  retryAt: string;
}

/** An email SMTP accepted, and when. */
export interface SentEmail {
  id: string;
  sentAt: string;
}

/** What an administrator sees of an order's emails. */
export type OutboxEntry = Pick<
  OutboxRow,
  'id' | 'kind' | 'recipient' | 'created_at' | 'attempts' | 'sent_at' | 'failed_at' | 'last_error'
>;

/**
 * The email outbox's SQL. Built on the app's database, or on a transaction: rows added through a
 * repository built on a transaction commit or roll back with it.
 */
export class EmailOutboxRepository {
  private claimQuery?: (
    id: string,
    seenAttempts: number,
    attempts: number,
    now: string,
    retryAt: string,
  ) => CompiledQuery;
  private compiledMarkSent?: (id: string, sentAt: string) => CompiledQuery;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly compiled: CompiledOutboxQueries = {},
  ) {}

  /**
   * One email, the common case (every new order writes one), with an insert compiled once:
   * building it anew cost more than SQLite takes to run it (issue 21 §2).
   */
  async insert(rows: NewOutboxRow[]): Promise<void> {
    if (rows.length === 1) {
      this.compiled.insertOne ??= preparedRecordQuery(newRowColumns, (row) =>
        this.db.insertInto('email_outbox').values(row as NewOutboxRow),
      );
      await this.db.executeQuery(this.compiled.insertOne(rows[0]!));
    } else if (rows.length > 0) await this.db.insertInto('email_outbox').values(rows).execute();
  }

  /** Emails waiting whose time has come, the longest waiting first. */
  async due(now: string, limit: number): Promise<DueEmail[]> {
    return this.db
      .selectFrom('email_outbox')
      .select(['id', 'message_id', 'kind', 'order_id', 'recipient', 'language', 'subject', 'body', 'attempts'])
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async countDue(now: string): Promise<number> {
    const { count } = await this.db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /**
   * Takes an email for one attempt before it is handed to SMTP: counts the attempt and moves its
   * next attempt to `claim.retryAt`, only if nobody took it since it was read (same attempt count,
   * still waiting). False when someone did. A sender that dies mid-send leaves it to be tried again
   * at `retryAt`, never at once by another sender while the first may still be talking to SMTP.
   *
   * `accepted`, the email SMTP accepted just before, is marked sent in the same commit: one commit
   * per email instead of two (issue 21 §2), written as soon as before, since the sender claims the
   * next email at once. Both statements are compiled once and run past Kysely where the engine
   * allows (db/direct-statements.ts).
   */
  async claim(claim: Claim, accepted: SentEmail | null = null): Promise<boolean> {
    this.claimQuery ??= preparedQuery(
      (id: string, seenAttempts: number, attempts: number, now: string, retryAt: string) =>
        this.db
          .updateTable('email_outbox')
          .set({ attempts, last_attempt_at: now, next_attempt_at: retryAt })
          .where('id', '=', id)
          .where('attempts', '=', seenAttempts)
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null),
    );
    const claimQuery = this.claimQuery(claim.id, claim.seenAttempts, claim.seenAttempts + 1, claim.now, claim.retryAt);
    const changed = await directStatements(this.db).writeInTransaction(
      accepted ? [this.markSentQuery(accepted), claimQuery] : [claimQuery],
    );
    return changed.at(-1) === 1;
  }

  async markSent(accepted: SentEmail): Promise<void> {
    await directStatements(this.db).writeInTransaction([this.markSentQuery(accepted)]);
  }

  private markSentQuery({ id, sentAt }: SentEmail): CompiledQuery {
    this.compiledMarkSent ??= preparedQuery((emailId: string, at: string) =>
      this.db.updateTable('email_outbox').set({ sent_at: at, last_error: null }).where('id', '=', emailId),
    );
    return this.compiledMarkSent(id, sentAt);
  }

  /** Records why an attempt failed; with `gaveUpAt`, the sender will not try again. */
  async markFailed(id: string, error: string, gaveUpAt: string | null): Promise<void> {
    await this.db
      .updateTable('email_outbox')
      .set({ last_error: error, ...(gaveUpAt ? { failed_at: gaveUpAt } : {}) })
      .where('id', '=', id)
      .execute();
  }

  async forOrder(orderId: string): Promise<OutboxEntry[]> {
    return this.db
      .selectFrom('email_outbox')
      .select(['id', 'kind', 'recipient', 'created_at', 'attempts', 'sent_at', 'failed_at', 'last_error'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Removes emails sent, or given up on, before `before`: the outbox is not an archive of addresses. */
  async purgeFinished(before: string): Promise<void> {
    await this.db
      .deleteFrom('email_outbox')
      .where((eb) => eb.or([eb('sent_at', '<', before), eb('failed_at', '<', before)]))
      .execute();
  }
}
