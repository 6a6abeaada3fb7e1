import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../../tests/support/fake-smtp-server.js';
import { emptyDatabase } from '../../../../tests/support/empty-database.js';
import { freePort } from '../../../../tests/support/processes.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import type { DatabaseHandle } from '../../db/database.js';
import { runExclusive } from '../../db/dialect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createMailer, type Mailer } from '../../integrations/mailer.js';
import { EmailOutbox, type OutboxMessage } from './email-outbox.service.js';

interface LogLine {
  level: number;
  msg: string;
  to?: string;
  attempt?: number;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const message = (to: string, subject = `About ${to}`): OutboxMessage => ({
  kind: 'order-paid',
  orderId: 'order-1',
  language: 'en',
  to,
  subject,
  text: `Hello ${to}`,
});

describe.each(testDialects)('the email outbox on %s', (dialect) => {
  let database: DatabaseHandle;
  let smtp: FakeSmtpServer;
  let logs: LogLine[];
  /** Addresses whose next sends go to a mail server that is down (a closed port), and how many. */
  let serverDownFor: Record<string, number>;

  async function setUp() {
    database = await emptyDatabase(dialect, cleanups);
    await migrateToLatest(database.db, dialect);
    smtp = await startFakeSmtpServer();
    cleanups.push(() => smtp.close());
    logs = [];
    serverDownFor = {};
  }

  /**
   * A sender on the test database, sending to the fake SMTP server, or to a port where no server
   * listens while `serverDownFor` says so: both are real SMTP connections.
   */
  async function outbox(
    options: { retryDelaysMs?: number[]; stopWaitMs?: number; beforeSend?: (to: string) => Promise<void> } = {},
  ) {
    const log = pino({ level: 'debug' }, { write: (line: string) => logs.push(JSON.parse(line) as LogLine) });
    const up = createMailer({ smtpUrl: smtp.url, from: 'shop@example.com', dataDir: '/nonexistent', log });
    const down = createMailer({
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      from: 'shop@example.com',
      dataDir: '/nonexistent',
      log,
    });
    const mailer: Mailer = {
      delivers: true,
      async send(mail) {
        await options.beforeSend?.(mail.to);
        if ((serverDownFor[mail.to] ?? 0) <= 0) return up.send(mail);
        serverDownFor[mail.to]! -= 1;
        return down.send(mail);
      },
      close() {
        up.close();
        down.close();
      },
    };
    const sender = new EmailOutbox({
      db: database.db,
      mailer,
      exclusive: async (work) => runExclusive(database.db, dialect, 'email-outbox', work),
      messageIdDomain: 'shop.example.com',
      log,
      // Tests never wait for a poll: they wake the sender or drain it.
      pollMs: 3_600_000,
      retryDelaysMs: options.retryDelaysMs ?? [0, 0, 0, 0, 0, 0, 0],
      ...(options.stopWaitMs === undefined ? {} : { stopWaitMs: options.stopWaitMs }),
    });
    cleanups.push(async () => {
      await sender.stop();
      mailer.close();
    });
    return sender;
  }

  const rows = () => database.db.selectFrom('email_outbox').selectAll().orderBy('recipient').execute();

  it('sends an email once its transaction commits, with its own Message-ID; a rolled-back one never exists', async () => {
    await setUp();
    const sender = await outbox();
    sender.start();
    await database.db.transaction().execute((trx) => sender.add(trx, [message('client@example.com')]));
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sender.add(trx, [message('ghost@example.com')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await sender.drain();

    const [row, ...others] = await rows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ recipient: 'client@example.com', attempts: 1, failed_at: null, last_error: null });
    expect(row!.sent_at).not.toBeNull();
    expect(row!.message_id).toMatch(/^<[0-9a-f-]{36}@shop\.example\.com>$/);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toMatchObject({ to: ['client@example.com'] });
    expect(smtp.messages[0]!.headers['message-id']).toBe(row!.message_id);
    expect(smtp.messages[0]!.headers.subject).toBe('About client@example.com');
  });

  it('records an email sent no later than it claims the next one, and the last when the pass ends', async () => {
    await setUp();
    const seen: Array<[string, Array<[string, number, boolean]>]> = [];
    const sender = await outbox({
      beforeSend: async (to) => {
        seen.push([to, (await rows()).map((row) => [row.recipient, row.attempts, row.sent_at !== null])]);
      },
    });
    await database.db
      .transaction()
      .execute((trx) => sender.add(trx, [message('first@example.com'), message('second@example.com')]));
    await sender.drain();

    // When the second reaches SMTP, the first is recorded sent (in the commit that claimed the second).
    expect(seen).toEqual([
      [
        'first@example.com',
        [
          ['first@example.com', 1, false],
          ['second@example.com', 0, false],
        ],
      ],
      [
        'second@example.com',
        [
          ['first@example.com', 1, true],
          ['second@example.com', 1, false],
        ],
      ],
    ]);
    expect((await rows()).map((row) => [row.recipient, row.attempts, row.sent_at !== null])).toEqual([
      ['first@example.com', 1, true],
      ['second@example.com', 1, true],
    ]);
  });

  it('retries an email the mail server could not take, sending each administrator their note once', async () => {
    await setUp();
    const sender = await outbox();
    serverDownFor['admin-2@example.com'] = 2;
    await database.db
      .transaction()
      .execute((trx) => sender.add(trx, [message('admin-1@example.com'), message('admin-2@example.com')]));
    await sender.drain();

    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual(['admin-1@example.com', 'admin-2@example.com']);
    expect((await rows()).map((row) => [row.recipient, row.attempts, row.sent_at !== null, row.failed_at])).toEqual([
      ['admin-1@example.com', 1, true, null],
      ['admin-2@example.com', 3, true, null],
    ]);
    expect(logs.filter((line) => line.msg === 'email outbox: email not sent, will retry')).toEqual([
      expect.objectContaining({ level: 40, to: 'admin-2@example.com', attempt: 1 }),
      expect.objectContaining({ level: 40, to: 'admin-2@example.com', attempt: 2 }),
    ]);
    expect(logs.some((line) => line.msg === 'email outbox: email not sent, given up')).toBe(false);
  });

  it('waits its retry delay after a failure instead of trying again at once', async () => {
    await setUp();
    const sender = await outbox({ retryDelaysMs: [3_600_000] });
    serverDownFor['client@example.com'] = 1;
    await database.db.transaction().execute((trx) => sender.add(trx, [message('client@example.com')]));
    const before = Date.now();
    await sender.drain();

    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(row!.last_error).toMatch(/ECONNREFUSED/);
    expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(smtp.messages).toEqual([]);
  });

  it('gives up after the last attempt, or at once when refused for good, logs it and keeps the row', async () => {
    await setUp();
    const sender = await outbox();
    serverDownFor['down@example.com'] = 100;
    smtp.rejected.add('unknown@example.com');
    await database.db
      .transaction()
      .execute((trx) =>
        sender.add(trx, [message('down@example.com'), message('unknown@example.com'), message('fine@example.com')]),
      );
    await sender.drain();

    const byRecipient = Object.fromEntries((await rows()).map((row) => [row.recipient, row]));
    expect(byRecipient['down@example.com']).toMatchObject({ attempts: 8, sent_at: null });
    expect(byRecipient['down@example.com']!.failed_at).not.toBeNull();
    expect(byRecipient['down@example.com']!.last_error).toMatch(/ECONNREFUSED/);
    expect(byRecipient['unknown@example.com']).toMatchObject({ attempts: 1, sent_at: null });
    expect(byRecipient['unknown@example.com']!.failed_at).not.toBeNull();
    expect(byRecipient['unknown@example.com']!.last_error).toMatch(/No such user/);
    expect(byRecipient['fine@example.com']!.sent_at).not.toBeNull();
    expect(smtp.messages.map((mail) => mail.to[0])).toEqual(['fine@example.com']);
    expect(logs.filter((line) => line.msg === 'email outbox: email not sent, given up')).toEqual([
      expect.objectContaining({ level: 50, to: expect.stringMatching(/^(down|unknown)@example\.com$/) }),
      expect.objectContaining({ level: 50, to: expect.stringMatching(/^(down|unknown)@example\.com$/) }),
    ]);
  });

  it('sends each email once when two senders share the database', async () => {
    await setUp();
    // Without a job lock (SQLite has none: one process per DATA_DIR), the claim alone decides; its
    // retry delay is how long a claimed email is left to the sender that claimed it.
    const [first, second] = [await outbox({ retryDelaysMs: [60_000] }), await outbox({ retryDelaysMs: [60_000] })];
    const recipients = Array.from({ length: 30 }, (_, n) => `client-${n}@example.com`);
    await database.db.transaction().execute((trx) =>
      first.add(
        trx,
        recipients.map((to) => message(to)),
      ),
    );
    first.wake();
    second.wake();
    await Promise.all([first.drain(), second.drain()]);

    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual([...recipients].sort());
    expect(new Set(smtp.messages.map((mail) => mail.headers['message-id'])).size).toBe(30);
    expect((await rows()).every((row) => row.attempts === 1 && row.sent_at !== null)).toBe(true);
  });

  it('stops without waiting long for a mail server that does not answer; the email goes once after a restart', async () => {
    await setUp();
    const sender = await outbox({ stopWaitMs: 200 });
    await database.db.transaction().execute((trx) => sender.add(trx, [message('client@example.com')]));
    const held = smtp.holdNext();
    sender.wake();
    await held;
    await sender.stop();

    // The server never said 250: the attempt is recorded as failed, and the email waits for its retry.
    const [stopped] = await rows();
    expect(stopped).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(stopped!.last_error).toMatch(/abort/i);
    expect(smtp.messages).toEqual([]);

    // A new start sends it once its retry delay (zero here) is over.
    const restarted = await outbox();
    await restarted.drain();
    const [sent] = await rows();
    expect(sent).toMatchObject({ attempts: 2, failed_at: null });
    expect(sent!.sent_at).not.toBeNull();
    expect(smtp.messages.map((mail) => mail.headers['message-id'])).toEqual([stopped!.message_id]);
  });
});
