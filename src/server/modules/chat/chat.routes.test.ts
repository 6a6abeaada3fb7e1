import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWorkflow, type FakeWorkflow } from '../../../../tests/support/fake-workflow.js';
import { setSetting } from '../../../../tests/support/factories.js';
import { SAME_ORIGIN } from '../../../../tests/support/sessions.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';

describe.each(testDialects)('chat relay on %s', (dialect) => {
  let shop: TestApp;
  let workflow: FakeWorkflow;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
    workflow = await startFakeWorkflow('/chat');
    workflow.answer = { status: 200, body: { response: 'Hello from the workflow' } };
  });
  afterAll(async () => {
    await workflow.close();
    await shop.close();
  });

  const ask = (message: unknown) =>
    shop.app.inject({ method: 'POST', url: '/api/chat', headers: SAME_ORIGIN, payload: { message } });

  it('refuses while the chat is disabled', async () => {
    const response = await ask('Hello');
    expect(response.statusCode).toBe(403);
    expect(workflow.requests).toHaveLength(0);
  });

  it('forwards {message, timestamp} to the workflow and returns its response', async () => {
    await setSetting(shop.app, 'chatbot_enabled', 'true');
    await setSetting(shop.app, 'chatbot_webhook_url', workflow.url);
    const response = await ask('Which robot trades gold?');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ response: 'Hello from the workflow' });
    const sent = workflow.requests.at(-1)!.body as { message: string; timestamp: string };
    expect(sent.message).toBe('Which robot trades gold?');
    expect(new Date(sent.timestamp).toString()).not.toBe('Invalid Date');
  });

  it('returns null when the workflow answer has no response field', async () => {
    workflow.answer = { status: 200, body: { something: 'else' } };
    expect((await ask('Hi')).json()).toEqual({ response: null });
  });

  it('answers 502 when the workflow fails and 400 for a blank message', async () => {
    workflow.answer = { status: 500, body: { error: 'boom' } };
    const failed = await ask('Hi');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.code).toBe('upstream_failed');
    expect((await ask('   ')).statusCode).toBe(400);
    expect((await ask(42)).statusCode).toBe(400);
  });

  it('never calls a link-local address (the cloud metadata service), while loopback stays allowed', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]:5678/chat',
      'http://[::ffff:169.254.169.254]/',
      'http://[::ffff:a9fe:a9fe]/',
    ]) {
      await setSetting(shop.app, 'chatbot_webhook_url', url);
      const refused = await ask('Hi');
      expect(refused.statusCode, url).toBe(502);
      // The reason (a link-local address) goes to the log, not to visitors: chat-failures.routes.test.ts.
      expect(refused.json().error.message, url).toBe(
        'Sorry, I am experiencing technical difficulties. Please try again later.',
      );
    }
    await setSetting(shop.app, 'chatbot_webhook_url', workflow.url);
    workflow.answer = { status: 200, body: { response: 'Still here' } };
    expect((await ask('Hi')).json()).toEqual({ response: 'Still here' });
  });
});
