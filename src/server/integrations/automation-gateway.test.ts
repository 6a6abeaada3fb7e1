import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeWorkflow, type FakeWorkflow } from '../../../tests/support/fake-workflow.js';
import { UpstreamError } from '../errors.js';
import { signBody } from './automation-auth.js';
import {
  createAutomationGateway,
  WorkflowRefusedError,
  WorkflowReplyError,
  type AutomationGatewayOptions,
  type WorkflowSettings,
} from './automation-gateway.js';

const SECRET = 'gateway-test-secret-0123456789abcdef';
const PUBLIC_URL = 'https://shop.example.com';

const order = {
  order_id: 'order-1',
  user_id: 'user-1',
  user_email: 'alice@example.com',
  user_name: 'Alice Martin',
  robot_id: 'robot-1',
  robot_name: 'Golden Robot',
  telegram_username: '@alice',
  strategy_instructions: 'Scalp EURUSD during London hours, at most 2% risk per trade.',
  amount: 199,
};

const newsletter = {
  title: 'News',
  content: '<p>Hello</p>',
  recipients: [{ email: 'bob@example.com', created_date: '2026-01-01T00:00:00.000Z' }],
  sender: 'admin@example.com',
};

/** The error a call rejects with (the test fails when it resolves). */
async function failure(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    (value) => expect.unreachable(`resolved with ${JSON.stringify(value)}`),
    (error: unknown) => error,
  );
}

describe('automation gateway', () => {
  let workflow: FakeWorkflow;
  let settings: WorkflowSettings;
  const gateway = (options: Partial<AutomationGatewayOptions> = {}) =>
    createAutomationGateway({ readSettings: async () => ({ ...settings }), publicUrl: PUBLIC_URL, ...options });

  beforeAll(async () => {
    workflow = await startFakeWorkflow('/workflow');
  });
  afterAll(() => workflow.close());
  beforeEach(() => {
    workflow.requests.length = 0;
    settings = {
      n8n_webhook_url: workflow.url,
      n8n_newsletter_url: workflow.url,
      chatbot_webhook_url: workflow.url,
      n8n_callback_url: workflow.url,
      n8n_secret_token: SECRET,
    };
  });

  describe('addresses and the secret', () => {
    it('reads them at each call: a saved change applies to the next call', async () => {
      const automation = gateway();
      workflow.answer = { status: 200, body: { response: 'one' } };
      await automation.askChat('Hi');
      settings.chatbot_webhook_url = '';
      expect(await automation.askChat('Hi again')).toBeNull();
      expect(workflow.requests).toHaveLength(1);
    });

    it('signs every call with the secret, in X-Secret-Token and as an HMAC of the body in X-Signature', async () => {
      workflow.answer = { status: 200, body: { response: 'Hello' } };
      await gateway().askChat('Hi');
      const [request] = workflow.requests;
      expect(request!.headers['x-secret-token']).toBe(SECRET);
      expect(request!.headers['x-signature']).toBe(signBody(SECRET, request!.rawBody));
    });

    it('trims the secret, and sends none when it is shorter than 32 characters (one stored before the rule)', async () => {
      workflow.answer = { status: 200, body: { response: 'Hello' } };
      settings.n8n_secret_token = `  ${SECRET}  `;
      await gateway().askChat('Hi');
      expect(workflow.requests[0]!.headers['x-secret-token']).toBe(SECRET);
      expect(workflow.requests[0]!.headers['x-signature']).toBe(signBody(SECRET, workflow.requests[0]!.rawBody));
      settings.n8n_secret_token = 'short-secret';
      await gateway().askChat('Hi');
      expect(workflow.requests[1]!.headers).not.toHaveProperty('x-secret-token');
      expect(workflow.requests[1]!.headers).not.toHaveProperty('x-signature');
    });

    it('gives the inbound hooks the same secret, with the previous one during a rotation', async () => {
      const automation = gateway({ previousSecret: 'previous-secret-0123456789abcdef0123' });
      settings.n8n_secret_token = ` ${SECRET} `;
      expect(await automation.inboundSecret()).toBe(SECRET);
      expect(automation.inboundSecret.previous).toBe('previous-secret-0123456789abcdef0123');
      settings.n8n_secret_token = 'short-secret';
      expect(await automation.inboundSecret()).toBeNull();
      expect(gateway().inboundSecret.previous).toBeUndefined();
    });

    it('answers null, calling nothing, for a workflow whose address is empty or blank', async () => {
      settings = {
        n8n_webhook_url: '',
        n8n_newsletter_url: ' ',
        chatbot_webhook_url: '',
        n8n_callback_url: '',
        n8n_secret_token: SECRET,
      };
      const automation = gateway();
      expect(await automation.createPayment(order)).toBeNull();
      expect(await automation.sendNewsletter(newsletter)).toBeNull();
      expect(await automation.askChat('Hi')).toBeNull();
      expect(await automation.fetchStats(['Alpha'])).toBeNull();
      expect(await automation.isConfigured('newsletter')).toBe(false);
      expect(workflow.requests).toHaveLength(0);
      settings.n8n_newsletter_url = workflow.url;
      expect(await automation.isConfigured('newsletter')).toBe(true);
    });
  });

  describe('payment', () => {
    it('posts the order with the currency, the action and the callback address, and reads the page and payment id', async () => {
      workflow.answer = { status: 200, body: { PayUrl: 'https://pay.example.com/i/1', payment_id: 'pay-1' } };
      expect(await gateway().createPayment(order)).toEqual({
        pay_url: 'https://pay.example.com/i/1',
        payment_id: 'pay-1',
      });
      expect(workflow.requests[0]!.body).toEqual({
        ...order,
        currency: 'USD',
        action: 'create_payment',
        callback_url: `${PUBLIC_URL}/api/hooks/payment`,
      });
    });

    it('reads the first item of an array, keeps a numeric payment id as text, and drops an unusable one', async () => {
      workflow.answer = { status: 200, body: [{ PayUrl: 'http://pay.example.com/i/2', payment_id: 42 }] };
      expect(await gateway().createPayment(order)).toEqual({ pay_url: 'http://pay.example.com/i/2', payment_id: '42' });
      workflow.answer = { status: 200, body: { PayUrl: 'https://pay.example.com/i/3', payment_id: { id: 3 } } };
      expect(await gateway().createPayment(order)).toEqual({
        pay_url: 'https://pay.example.com/i/3',
        payment_id: null,
      });
    });

    it.each([
      ['without PayUrl', { payment_id: 'p-1' }],
      ['with a PayUrl that is not a web address', { PayUrl: 'javascript:alert(1)', payment_id: 'p-1' }],
      ['that is not JSON', '<html>Gateway</html>'],
      ['that is an empty array', []],
    ])('refuses a reply %s: it fails the payment reply schema', async (_case, body) => {
      workflow.answer = { status: 200, body };
      const error = await failure(gateway().createPayment(order));
      expect(error).toBeInstanceOf(WorkflowReplyError);
      expect(error).toMatchObject({ status: 502, code: 'upstream_failed' });
      expect((error as Error).message).toMatch(/^The payment workflow's reply is not the documented one: /);
    });
  });

  describe('error statuses', () => {
    it.each([
      ['its message', { message: 'Wallet offline', error: 'ignored' }, 'Wallet offline'],
      ['its error when the message is blank', { message: ' ', error: 'Bad key' }, 'Bad key'],
      ['the message of the first item of an array', [{ message: 'Queue full' }], 'Queue full'],
      ['nothing when it says nothing readable', 'Internal error', undefined],
    ])('become a WorkflowRefusedError with the status and %s', async (_case, body, detail) => {
      workflow.answer = { status: 503, body };
      const error = await failure(gateway().sendNewsletter(newsletter));
      expect(error).toBeInstanceOf(WorkflowRefusedError);
      expect(error).toMatchObject({
        status: 502,
        answerStatus: 503,
        detail,
        message: 'The newsletter workflow answered 503.',
      });
      expect((error as WorkflowRefusedError).text).toBe(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });

  describe('newsletter', () => {
    it('posts the newsletter with the action and the time, and accepts resulat or result "success"', async () => {
      workflow.answer = { status: 200, body: { resulat: 'success' } };
      expect(await gateway().sendNewsletter(newsletter)).toEqual({ resulat: 'success' });
      const sent = workflow.requests[0]!.body as Record<string, unknown>;
      expect(sent).toMatchObject({ action: 'send_newsletter', ...newsletter });
      expect(new Date(sent.sent_at as string).toISOString()).toBe(sent.sent_at);
      workflow.answer = { status: 200, body: { result: 'success' } };
      expect(await gateway().sendNewsletter(newsletter)).toEqual({ result: 'success' });
    });

    it('refuses a reply that does not confirm the send', async () => {
      workflow.answer = { status: 200, body: { result: 'queued' } };
      expect(await failure(gateway().sendNewsletter(newsletter))).toBeInstanceOf(WorkflowReplyError);
    });

    it('does not read an answer larger than 64 KB', async () => {
      workflow.answer = { status: 200, body: { result: 'success', padding: 'x'.repeat(70 * 1024) } };
      const error = await failure(gateway().sendNewsletter(newsletter));
      expect(error).toBeInstanceOf(UpstreamError);
      expect((error as Error).message).toMatch(/answer larger than 65536 bytes/);
    });
  });

  describe('chat', () => {
    it('posts the message with its time and reads the response', async () => {
      workflow.answer = { status: 200, body: { response: 'Gold is traded by Golden Robot.' } };
      expect(await gateway().askChat('Which robot trades gold?')).toEqual({
        response: 'Gold is traded by Golden Robot.',
      });
      const sent = workflow.requests[0]!.body as { message: string; timestamp: string };
      expect(sent.message).toBe('Which robot trades gold?');
      expect(new Date(sent.timestamp).toISOString()).toBe(sent.timestamp);
    });

    it.each([
      ['without response', { something: 'else' }],
      ['with a blank response', { response: '   ' }],
      ['with a response that is not text', { response: 42 }],
    ])('refuses a reply %s', async (_case, body) => {
      workflow.answer = { status: 200, body };
      expect(await failure(gateway().askChat('Hi'))).toBeInstanceOf(WorkflowReplyError);
    });
  });

  describe('stats', () => {
    it('asks for the robots and keeps the stats records of the reply, counting the others', async () => {
      workflow.answer = {
        status: 200,
        body: [{ robot_name: 'Alpha', winrate: '61.5' }, { robot_name: '' }, { not: 'a record' }],
      };
      expect(await gateway().fetchStats(['Alpha', 'Beta'])).toEqual({
        records: [{ robot_name: 'Alpha', winrate: '61.5' }],
        ignored: 2,
      });
      expect(workflow.requests[0]!.body).toEqual({ action: 'get_stats', robots: ['Alpha', 'Beta'] });
    });

    it('refuses a reply that is not an array', async () => {
      workflow.answer = { status: 200, body: { stats: [] } };
      expect(await failure(gateway().fetchStats(['Alpha']))).toBeInstanceOf(WorkflowReplyError);
    });

    it('gives up when the caller cancels', async () => {
      workflow.answer = { status: 200, body: [], delayMs: 60_000 };
      const cancel = new AbortController();
      const asked = failure(gateway().fetchStats(['Alpha'], cancel.signal));
      await expect.poll(() => workflow.requests.length).toBe(1);
      cancel.abort();
      expect(await asked).toMatchObject({ status: 502, code: 'upstream_failed' });
    });
  });

  it('reports a workflow that does not answer within its timeout as a 504', async () => {
    workflow.answer = { status: 200, body: { response: 'late' }, delayMs: 5_000 };
    const error = await failure(gateway({ timeoutsMs: { chat: 200 } }).askChat('Hi'));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({
      status: 504,
      code: 'upstream_timeout',
      message: 'The workflow did not answer in time.',
    });
  });

  describe('test ping', () => {
    it('pings the address typed, else the saved one, signed, and reports any status without failing', async () => {
      workflow.answer = { status: 500, body: { message: 'broken' } };
      const result = await gateway().ping('n8n_callback_url');
      expect(result).toMatchObject({ status: 500, ok: false });
      expect(result!.milliseconds).toBeGreaterThanOrEqual(0);
      const ping = workflow.requests[0]!;
      expect(ping.body).toMatchObject({ action: 'ping', setting: 'n8n_callback_url' });
      expect(ping.headers['x-signature']).toBe(signBody(SECRET, ping.rawBody));

      settings.n8n_webhook_url = '';
      workflow.answer = { status: 204, body: '' };
      expect(await gateway().ping('n8n_webhook_url', workflow.url)).toMatchObject({ status: 204, ok: true });
      expect(await gateway().ping('n8n_webhook_url')).toBeNull();
      expect(workflow.requests).toHaveLength(2);
    });
  });
});
