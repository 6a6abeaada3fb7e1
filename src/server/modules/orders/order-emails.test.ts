import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { shortOrderNumber } from '../../../shared/order-number.js';
import type { MailMessage, Mailer } from '../../integrations/mailer.js';
import { OrderEmails } from './order-emails.js';
import type { OrderRow } from './orders.repository.js';

interface LogLine {
  level: number;
  msg: string;
  orderId?: string;
  to?: string;
}

const order: OrderRow = {
  id: '0a1b2c3d-0000-4000-8000-000000000001',
  user_id: 'client-1',
  robot_id: 'robot-1',
  robot_name: 'Scalper Pro',
  telegram_username: '@client',
  strategy_instructions: 'Scalp EURUSD in the London session, 1% risk per trade.',
  price: 99,
  status: 'pending_payment',
  estimated_delivery: '2030-01-08T00:00:00.000Z',
  payment_id: null,
  pay_url: null,
  file_path: null,
  file_name: null,
  download_count: 0,
  idempotency_key: null,
  terms_accepted_at: '2030-01-01T00:00:00.000Z',
  language: 'en',
  created_date: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  expected_amount: 99,
  amount_paid: null,
  paid_currency: null,
  payment_flags: '[]',
  payment_retries: 0,
  earlier_payment_ids: '[]',
};

/** A mailer that keeps what it sends and refuses the first `failures` sends to each address. */
function recordingMailer(failures: Record<string, number> = {}) {
  const sent: MailMessage[] = [];
  const attempts: string[] = [];
  const mailer: Mailer = {
    delivers: true,
    async send(message) {
      attempts.push(message.to);
      if ((failures[message.to] ?? 0) > 0) {
        failures[message.to]! -= 1;
        throw new Error(`mail server refused ${message.to}`);
      }
      sent.push(message);
    },
    close: () => undefined,
  };
  return { mailer, sent, attempts };
}

function setUp(mailer: Mailer) {
  const logs: LogLine[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => logs.push(JSON.parse(line) as LogLine) });
  const emails = new OrderEmails({
    mailer,
    publicUrl: 'https://shop.example.com',
    log,
    contact: async () => ({ email: 'client@example.com', full_name: 'Client One' }),
    adminEmails: async () => ['admin-1@example.com', 'admin-2@example.com'],
    retryDelayMs: 5,
  });
  return { emails, logs };
}

describe('order emails', () => {
  it('queues without sending during the caller’s turn, then sends after it', async () => {
    const { mailer, sent } = recordingMailer();
    const { emails } = setUp(mailer);
    emails.toClient('received', order);
    await Promise.resolve();
    expect(sent).toHaveLength(0);
    await emails.close();
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['client@example.com', expect.stringContaining(shortOrderNumber(order.id))],
    ]);
  });

  it('retries a refused email, and sends each administrator their note once', async () => {
    const { mailer, sent, attempts } = recordingMailer({ 'admin-2@example.com': 2 });
    const { emails, logs } = setUp(mailer);
    emails.toAdministrators(order);
    await expect.poll(() => sent.length).toBe(2);
    expect(sent.map((mail) => mail.to)).toEqual(['admin-1@example.com', 'admin-2@example.com']);
    expect(attempts).toEqual([
      'admin-1@example.com',
      'admin-2@example.com',
      'admin-2@example.com',
      'admin-2@example.com',
    ]);
    expect(logs.filter((line) => line.msg === 'order email failed, retrying')).toHaveLength(2);
    expect(logs.some((line) => line.msg === 'order email failed')).toBe(false);
  });

  it('logs an email it could not send after its attempts, and goes on with the next', async () => {
    const { mailer, sent } = recordingMailer({ 'client@example.com': 3 });
    const { emails, logs } = setUp(mailer);
    emails.toClient('paid', order);
    emails.toAdministrators(order);
    await expect.poll(() => sent.length).toBe(2);
    expect(sent.map((mail) => mail.to)).toEqual(['admin-1@example.com', 'admin-2@example.com']);
    expect(logs.filter((line) => line.msg === 'order email failed')).toEqual([
      expect.objectContaining({ level: 50, orderId: order.id }),
    ]);
  });
});
