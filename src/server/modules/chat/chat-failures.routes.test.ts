import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWorkflow, type FakeWorkflow } from '../../../../tests/support/fake-workflow.js';
import { setSetting } from '../../../../tests/support/orders.js';
import { freePort } from '../../../../tests/support/processes.js';
import { SAME_ORIGIN } from '../../../../tests/support/sessions.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';

const TECHNICAL_DIFFICULTIES = 'Sorry, I am experiencing technical difficulties. Please try again later.';

/** A chat workflow that fails: visitors get SPEC §8's chat message, the log gets the reason. */
describe.each(testDialects)('a failing chat workflow on %s', (dialect) => {
  let shop: TestApp;
  let workflow: FakeWorkflow;
  const logLines: string[] = [];

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' }, { logLines });
    workflow = await startFakeWorkflow('/chat');
    await setSetting(shop.app, 'chatbot_enabled', 'true');
  });
  afterAll(async () => {
    await workflow.close();
    await shop.close();
  });

  const ask = () =>
    shop.app.inject({ method: 'POST', url: '/api/chat', headers: SAME_ORIGIN, payload: { message: 'Hello?' } });
  const logged = (text: string) => logLines.some((line) => line.includes(text) && JSON.parse(line).level === 40);

  it('answers SPEC §8 when the workflow cannot be reached, and logs why', async () => {
    const port = await freePort();
    await setSetting(shop.app, 'chatbot_webhook_url', `http://127.0.0.1:${port}/chat`);
    const response = await ask();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: { code: 'upstream_failed', message: TECHNICAL_DIFFICULTIES } });
    for (const inside of ['ECONNREFUSED', '127.0.0.1', String(port)]) expect(response.body).not.toContain(inside);
    expect(logged(`ECONNREFUSED 127.0.0.1:${port}`)).toBe(true);
  });

  it('answers SPEC §8 when the workflow refuses, whatever its answer says', async () => {
    await setSetting(shop.app, 'chatbot_webhook_url', workflow.url);
    workflow.answer = { status: 500, body: { message: 'Node "OpenAI" failed: key sk-live-123 rejected' } };
    const response = await ask();
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe(TECHNICAL_DIFFICULTIES);
    expect(response.body).not.toContain('sk-live');
    expect(logged('The chat workflow answered 500')).toBe(true);
  });

  it('answers SPEC §8 for a link-local address, which it never calls', async () => {
    await setSetting(shop.app, 'chatbot_webhook_url', 'http://169.254.169.254/latest/meta-data/');
    const response = await ask();
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe(TECHNICAL_DIFFICULTIES);
    expect(logged('169.254.169.254 is a link-local address')).toBe(true);
  });
});
