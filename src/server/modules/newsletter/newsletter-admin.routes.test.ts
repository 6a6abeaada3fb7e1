import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../shared/schemas/audit.js';
import type { CampaignSummary, SubscriberPage } from '../../../shared/schemas/newsletter.js';
import { signBody } from '../../integrations/automation-auth.js';
import { startFakeWorkflow, type FakeWorkflow } from '../../../../tests/support/fake-workflow.js';
import { insertSubscribers } from '../../../../tests/support/newsletter-subscribers.js';
import { SAME_ORIGIN } from '../../../../tests/support/sessions.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';

/** Automation secrets have at least 32 characters (issue 7). */
const NEWS_SECRET = 'newsletter-workflow-secret-0123456789';

describe.each(testDialects)('newsletter management on %s', (dialect) => {
  let shop: Shop;
  let workflow: FakeWorkflow;
  let ids: string[];

  const setSettings = (values: Record<string, string>) => shop.admin.patch('/api/admin/settings', { values });
  const db = () => shop.app.database.db;

  beforeAll(async () => {
    shop = await withShop(dialect);
    workflow = await startFakeWorkflow('/newsletter');
    ids = await insertSubscribers(db(), 120);
  });
  afterAll(async () => {
    await workflow.close();
    await shop.close();
  });

  describe('subscribers', () => {
    it('lists them newest first, 50 a page, with the total', async () => {
      const first = (await shop.admin.get('/api/admin/newsletter/subscribers')).json<SubscriberPage>();
      expect(first.total).toBe(120);
      expect(first.pageSize).toBe(50);
      expect(first.items).toHaveLength(50);
      expect(first.items[0]).toEqual({
        id: ids[119],
        email: 'sub-119@example.com',
        created_date: expect.any(String),
        confirmed: true,
      });
      const third = (await shop.admin.get('/api/admin/newsletter/subscribers?page=3')).json<SubscriberPage>();
      expect(third.items.map((row) => row.email)).toEqual(
        Array.from({ length: 20 }, (_, index) => `sub-${19 - index}@example.com`),
      );
    });

    it('searches by address, case-insensitively, with % and _ taken literally', async () => {
      const found = (await shop.admin.get('/api/admin/newsletter/subscribers?q=SUB-11')).json<SubscriberPage>();
      expect(found.total).toBe(11);
      expect(found.items.every((row) => row.email.startsWith('sub-11'))).toBe(true);
      expect((await shop.admin.get('/api/admin/newsletter/subscribers?q=%25')).json<SubscriberPage>().total).toBe(0);
      expect((await shop.admin.get('/api/admin/newsletter/subscribers?q=sub_1')).json<SubscriberPage>().total).toBe(0);
    });

    it('refuses a bad page number with a 400', async () => {
      const response = await shop.admin.get('/api/admin/newsletter/subscribers?page=zero');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('querystring.page');
    });

    it('deletes the ticked subscribers, or every one matching the search', async () => {
      const extra = await insertSubscribers(db(), 3, 'delete.test');
      const ticked = await shop.admin.delete('/api/admin/newsletter/subscribers', { ids: extra.slice(0, 2) });
      expect(ticked.json()).toEqual({ deleted: 2 });
      const matching = await shop.admin.delete('/api/admin/newsletter/subscribers', { ids: 'all', q: '@delete.test' });
      expect(matching.json()).toEqual({ deleted: 1 });
      expect((await shop.admin.get('/api/admin/newsletter/subscribers')).json<SubscriberPage>().total).toBe(120);
      // The activity log keeps the facts, which the Activity page words in its reader's language.
      const log = await shop.admin.get('/api/admin/audit?resource=newsletter_subscriber');
      const lines = log.json<AuditPage>().rows.map(({ action, summary, changes }) => ({ action, summary, changes }));
      // Both within the same second, perhaps: in either order.
      expect(lines).toHaveLength(2);
      expect(lines).toEqual(
        expect.arrayContaining([
          {
            action: 'delete',
            summary: '',
            changes: {
              deleted: { from: null, to: 1 },
              selection: { from: null, to: 'all' },
              search: { from: null, to: '@delete.test' },
            },
          },
          {
            action: 'delete',
            summary: '',
            changes: { deleted: { from: null, to: 2 }, selection: { from: null, to: 'selected' } },
          },
        ]),
      );
      const empty = await shop.admin.delete('/api/admin/newsletter/subscribers', { ids: [] });
      expect(empty.statusCode).toBe(400);
    });
  });

  describe('export', () => {
    it('streams a dated CSV with id, email, token, created_date, formulas neutralised', async () => {
      await db()
        .insertInto('newsletter_subscribers')
        .values([
          {
            id: 'formula-1',
            email: '=HYPERLINK("http://evil.example","Click")',
            unsubscribe_token: '-token-1',
            created_date: '2030-01-01T00:00:00.000Z',
            confirmed_date: null,
          },
          {
            id: 'formula-2',
            email: '@SUM(1+1)@example.com',
            unsubscribe_token: 'token-2',
            created_date: '2030-01-01T00:00:01.000Z',
            confirmed_date: null,
          },
        ])
        .execute();
      const response = await shop.admin.get('/api/admin/newsletter/subscribers.csv?q=');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('id,email,token,created_date');
      expect(lines).toHaveLength(1 + 122);
      expect(lines[1]).toBe(`formula-2,'@SUM(1+1)@example.com,token-2,2030-01-01T00:00:01.000Z`);
      expect(lines[2]).toBe(
        `formula-1,"'=HYPERLINK(""http://evil.example"",""Click"")",'-token-1,2030-01-01T00:00:00.000Z`,
      );
      const token = await db()
        .selectFrom('newsletter_subscribers')
        .select('unsubscribe_token')
        .where('id', '=', ids[119]!)
        .executeTakeFirstOrThrow();
      expect(lines[3]).toBe(`${ids[119]},sub-119@example.com,${token.unsubscribe_token},2026-01-01T00:01:59.000Z`);
      await db().deleteFrom('newsletter_subscribers').where('id', 'in', ['formula-1', 'formula-2']).execute();
    });

    it('exports only the ticked subscribers when ids are given', async () => {
      const response = await shop.admin.get(`/api/admin/newsletter/subscribers.csv?ids=${ids[0]},${ids[1]}`);
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['sub-1@example.com', 'sub-0@example.com']);
    });
  });

  describe('templates', () => {
    it('creates, lists and deletes templates; unknown ids are 404', async () => {
      const created = await shop.admin.post('/api/admin/newsletter/templates', {
        title: 'Welcome',
        content: '<p>Hello</p>',
      });
      expect(created.statusCode).toBe(201);
      const template = created.json<{ id: string }>();
      expect((await shop.admin.get('/api/admin/newsletter/templates')).json()).toEqual([
        expect.objectContaining({ id: template.id, title: 'Welcome', content: '<p>Hello</p>' }),
      ]);
      expect((await shop.admin.delete(`/api/admin/newsletter/templates/${template.id}`)).statusCode).toBe(204);
      expect((await shop.admin.delete(`/api/admin/newsletter/templates/${template.id}`)).statusCode).toBe(404);
      expect((await shop.admin.get('/api/admin/newsletter/templates')).json()).toEqual([]);
    });

    it('refuses a blank title or an empty editor with the SPEC message', async () => {
      const response = await shop.admin.post('/api/admin/newsletter/templates', { title: ' ', content: '<p><br></p>' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        'body.title': 'Titre et contenu requis.',
        'body.content': 'Titre et contenu requis.',
      });
    });
  });

  describe('sending through the newsletter workflow', () => {
    beforeEach(async () => {
      workflow.requests.length = 0;
      await db().deleteFrom('newsletter_templates').execute();
    });

    it('says the workflow is not configured when neither it nor SMTP is', async () => {
      const response = await shop.admin.post('/api/admin/newsletter/send', {
        title: 'News',
        content: '<p>Hi</p>',
        recipients: [ids[0]],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: 'newsletter_not_configured',
        message:
          "Webhook newsletter non configuré. Veuillez configurer l'URL dans les paramètres. Ou définissez SMTP_URL sur le serveur pour l'envoyer par e-mail.",
      });
    });

    it("posts SPEC §7's payload with the secret and signature, and saves a new template", async () => {
      await setSettings({ n8n_newsletter_url: workflow.url, n8n_secret_token: NEWS_SECRET });
      workflow.answer = { status: 200, body: { resulat: 'success' } };
      const response = await shop.admin.post('/api/admin/newsletter/send', {
        title: 'Big news',
        content: '<p>Robots <strong>inside</strong></p>',
        recipients: [ids[0], ids[1]],
      });
      expect(response.statusCode).toBe(200);
      expect(workflow.requests).toHaveLength(1);
      const request = workflow.requests[0]!;
      expect(request.headers['x-secret-token']).toBe(NEWS_SECRET);
      expect(request.headers['x-signature']).toBe(signBody(NEWS_SECRET, request.rawBody));
      expect(request.headers['content-type']).toBe('application/json');
      const body = request.body as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['action', 'content', 'recipients', 'sender', 'sent_at', 'title']);
      expect(body).toMatchObject({
        action: 'send_newsletter',
        title: 'Big news',
        content: '<p>Robots <strong>inside</strong></p>',
        sender: shop.admin.email,
      });
      expect(new Date(body.sent_at as string).toISOString()).toBe(body.sent_at);
      expect(body.recipients).toEqual([
        { email: 'sub-1@example.com', created_date: '2026-01-01T00:00:01.000Z' },
        { email: 'sub-0@example.com', created_date: '2026-01-01T00:00:00.000Z' },
      ]);
      const result = response.json<{ campaign: CampaignSummary; template: { title: string } | null }>();
      expect(result.template).toMatchObject({ title: 'Big news', content: '<p>Robots <strong>inside</strong></p>' });
      expect(result.campaign).toMatchObject({
        channel: 'workflow',
        status: 'sent',
        recipients: 2,
        sent: 2,
        failed: 0,
        remaining: 0,
      });
      const log = await shop.admin.get('/api/admin/audit?resource=newsletter&pageSize=100');
      const line = log.json<AuditPage>().rows.find((row) => row.record_id === result.campaign.id);
      expect(line).toMatchObject({
        action: 'send',
        summary: 'Big news',
        changes: { recipients: { from: null, to: 2 }, channel: { from: null, to: 'workflow' } },
      });
    });

    it('accepts `result` as well, sends to all that match the search, and saves no template when one was chosen', async () => {
      const template = (
        await shop.admin.post('/api/admin/newsletter/templates', { title: 'Kept', content: '<p>x</p>' })
      ).json<{ id: string }>();
      workflow.answer = { status: 200, body: { result: 'success' } };
      const response = await shop.admin.post('/api/admin/newsletter/send', {
        title: 'Kept',
        content: '<p>x</p>',
        recipients: 'all',
        q: 'sub-11',
        template_id: template.id,
      });
      expect(response.statusCode).toBe(200);
      expect((workflow.requests[0]!.body as { recipients: unknown[] }).recipients).toHaveLength(11);
      expect(response.json().template).toBeNull();
      expect((await shop.admin.get('/api/admin/newsletter/templates')).json()).toHaveLength(1);
    });

    it("says 'Erreur {status}: {message}' when the workflow answers an HTTP error", async () => {
      workflow.answer = { status: 500, body: { message: 'Workflow crashed' } };
      const response = await shop.admin.post('/api/admin/newsletter/send', {
        title: 'T',
        content: '<p>c</p>',
        recipients: [ids[0]],
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toEqual({
        code: 'newsletter_workflow_error',
        message: "Erreur lors de l'envoi: Erreur 500: Workflow crashed",
        fields: { status: '500', message: 'Workflow crashed' },
      });
    });

    it('says the answer did not confirm success otherwise, and keeps the failure in the history', async () => {
      workflow.answer = { status: 200, body: { result: 'queued' } };
      const response = await shop.admin.post('/api/admin/newsletter/send', {
        title: 'Unconfirmed',
        content: '<p>c</p>',
        recipients: [ids[0]],
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toEqual({
        code: 'newsletter_not_confirmed',
        message: "Erreur lors de l'envoi: La réponse du webhook n'a pas confirmé le succès.",
      });
      const history = (await shop.admin.get('/api/admin/newsletter/campaigns')).json<CampaignSummary[]>();
      expect(history[0]).toMatchObject({
        title: 'Unconfirmed',
        channel: 'workflow',
        status: 'failed',
        failed: 1,
        error: response.json().error.message,
      });
    });

    it('sends and stores the content sanitised to the editor formats', async () => {
      workflow.answer = { status: 200, body: { result: 'success' } };
      const hostile =
        '<p onclick="steal()">Hi <a href="javascript:alert(1)">there</a></p><script>alert(1)</script><img src="x" onerror="alert(1)">';
      const response = await shop.admin.post('/api/admin/newsletter/send', {
        title: 'Clean',
        content: hostile,
        recipients: [ids[0]],
      });
      expect(response.statusCode).toBe(200);
      const sent = (workflow.requests[0]!.body as { content: string }).content;
      expect(sent).toBe('<p>Hi <a>there</a></p>');
      expect(response.json().template.content).toBe(sent);
      workflow.requests.length = 0;
      const withImage =
        '<p>See <a href="/RobotDetail?robotId=1">this robot</a></p><p><img src="/files/public/images/chart.png"></p>';
      const pictured = await shop.admin.post('/api/admin/newsletter/send', {
        title: 'Pictured',
        content: withImage,
        recipients: [ids[0]],
      });
      expect((workflow.requests[0]!.body as { content: string }).content).toBe(
        '<p>See <a href="http://localhost:3000/RobotDetail?robotId=1">this robot</a></p><p><img src="http://localhost:3000/files/public/images/chart.png" /></p>',
      );
      // The template keeps the site's paths, as the editor shows them.
      expect(pictured.json().template.content).toBe(
        '<p>See <a href="/RobotDetail?robotId=1">this robot</a></p><p><img src="/files/public/images/chart.png" /></p>',
      );
      const onlyScript = await shop.admin.post('/api/admin/newsletter/templates', {
        title: 'Nothing',
        content: '<script>alert(1)</script>',
      });
      expect(onlyScript.statusCode).toBe(400);
      expect(onlyScript.json().error.fields).toEqual({ 'body.content': 'Titre et contenu requis.' });
    });

    it('refuses a send without recipient or without title and content', async () => {
      expect(
        (await shop.admin.post('/api/admin/newsletter/send', { title: 'T', content: '<p>c</p>', recipients: [] }))
          .statusCode,
      ).toBe(400);
      const nobody = await shop.admin.post('/api/admin/newsletter/send', {
        title: 'T',
        content: '<p>c</p>',
        recipients: 'all',
        q: 'no-such-address',
      });
      expect(nobody.statusCode).toBe(400);
      expect(nobody.json().error.fields).toEqual({ 'body.recipients': 'Choose at least one recipient.' });
      const blank = await shop.admin.post('/api/admin/newsletter/send', {
        title: '',
        content: '',
        recipients: [ids[0]],
      });
      expect(blank.json().error.fields['body.title']).toBe('Titre et contenu requis.');
      expect(workflow.requests).toHaveLength(0);
    });
  });

  describe('double opt-in', () => {
    const subscribe = (email: string, ip: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        headers: SAME_ORIGIN,
        payload: { email },
        remoteAddress: ip,
      });
    const outbox = () => {
      const folder = path.join(shop.dataDir, 'outbox');
      try {
        return readdirSync(folder).map((file) => readFileSync(path.join(folder, file), 'utf8'));
      } catch {
        return [];
      }
    };

    it('is off by default: a new subscriber is confirmed at once and gets no email', async () => {
      const response = await subscribe('instant@example.com', '10.1.0.1');
      expect(response.json()).toEqual({ subscribed: true, confirmationRequired: false });
      const row = await db()
        .selectFrom('newsletter_subscribers')
        .select('confirmed_date')
        .where('email', '=', 'instant@example.com')
        .executeTakeFirstOrThrow();
      expect(row.confirmed_date).not.toBeNull();
      expect(outbox().filter((mail) => mail.includes('instant@example.com'))).toEqual([]);
    });

    it('when on, emails a confirmation link and sends newsletters only to confirmed addresses', async () => {
      await setSettings({ newsletter_double_opt_in: 'true' });
      const response = await subscribe('careful@example.com', '10.1.0.2');
      expect(response.json()).toEqual({ subscribed: true, confirmationRequired: true });
      const mail = outbox().find((text) => text.includes('careful@example.com'));
      // Quoted-printable: soft line breaks and =XX escapes.
      const text = mail!
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      expect(text).toContain('Please confirm that you want to receive the TradeBot Store newsletter');
      const link = /http:\/\/localhost:3000\/newsletter\/confirm\?token=[\w-]+/.exec(text)![0];

      workflow.requests.length = 0;
      workflow.answer = { status: 200, body: { resulat: 'success' } };
      const before = await shop.admin.post('/api/admin/newsletter/send', {
        title: 'T',
        content: '<p>c</p>',
        recipients: 'all',
        q: 'careful@',
      });
      expect(before.statusCode).toBe(400);
      expect(workflow.requests).toHaveLength(0);

      const page = await shop.app.inject({
        url: link.replace('http://localhost:3000', ''),
        headers: { 'accept-language': 'fr' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Inscription confirmée');
      const after = await shop.admin.post('/api/admin/newsletter/send', {
        title: 'T',
        content: '<p>c</p>',
        recipients: 'all',
        q: 'careful@',
      });
      expect(after.statusCode).toBe(200);
      expect(
        (workflow.requests[0]!.body as { recipients: Array<{ email: string }> }).recipients.map((r) => r.email),
      ).toEqual(['careful@example.com']);
      expect((await shop.app.inject({ url: '/newsletter/confirm?token=nope' })).statusCode).toBe(404);
      await setSettings({ newsletter_double_opt_in: 'false' });
    });
  });
});
