// Newsletter figures for `npm run bench`: the subscriber export (time and the server's memory
// while it streams) and the throughput of an email campaign to a local SMTP server.
import { request } from 'node:http';
import { parseConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import type { CampaignSummary } from '../src/shared/schemas/newsletter.js';
import { insertSubscribers } from '../tests/support/newsletter-subscribers.js';
import type { FakeSmtpServer } from '../tests/support/fake-smtp-server.js';
import { readMemory, type ServerProcess } from './servers.js';

export const EXPORT_DOMAIN = 'export.bench.invalid';
export const CAMPAIGN_DOMAIN = 'campaign.bench.invalid';

export interface NewsletterFigures {
  exportRows: number;
  exportBytes: number;
  exportSeconds: number;
  rssBeforeMb: number | undefined;
  rssPeakDuringMb: number | undefined;
  campaignMessages: number;
  campaignSeconds: number;
  smtpReceived: number;
}

async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`bench sign-in failed: ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

/** Reads the whole export as the browser would (no decompression), counting bytes and lines. */
function download(url: string, cookie: string): Promise<{ bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
      let bytes = 0;
      let lines = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines++;
      });
      response.on('end', () => resolve({ bytes, lines }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

export async function measureNewsletter(
  app: ServerProcess,
  options: { dataDir: string; admin: { email: string; password: string }; exportRows: number; campaignSize: number; smtp: FakeSmtpServer },
): Promise<NewsletterFigures> {
  const database = await openDatabase(parseConfig({ DATA_DIR: options.dataDir, DATABASE_URL: process.env.DATABASE_URL ?? '' }).database);
  const byDomain = (domain: string) => database.db.deleteFrom('newsletter_subscribers').where('email', 'like', `%@${domain}`).execute();
  try {
    await insertSubscribers(database.db, options.exportRows, EXPORT_DOMAIN);
    await insertSubscribers(database.db, options.campaignSize, CAMPAIGN_DOMAIN);
    const cookie = await signIn(app.origin, options.admin.email, options.admin.password);

    // Export: the app's resident memory sampled every 20 ms while the CSV streams.
    const rssBeforeMb = readMemory(app.child.pid)?.rssMb;
    let rssPeakDuringMb = rssBeforeMb;
    const sampler = setInterval(() => {
      const rss = readMemory(app.child.pid)?.rssMb;
      if (rss !== undefined) rssPeakDuringMb = Math.max(rssPeakDuringMb ?? 0, rss);
    }, 20);
    const exportStart = performance.now();
    const exported = await download(`${app.origin}/api/admin/newsletter/subscribers.csv?q=${encodeURIComponent(`@${EXPORT_DOMAIN}`)}`, cookie);
    const exportSeconds = (performance.now() - exportStart) / 1000;
    clearInterval(sampler);

    // Campaign: from the administrator's send to the last message accepted by the SMTP server.
    const receivedBefore = options.smtp.messages.length;
    const campaignStart = performance.now();
    const sent = await fetch(`${app.origin}/api/admin/newsletter/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.origin, cookie },
      body: JSON.stringify({ title: 'Bench campaign', content: '<p>Hello from the bench</p>', recipients: 'all', q: `@${CAMPAIGN_DOMAIN}` }),
    });
    if (sent.status !== 202) throw new Error(`campaign send answered ${sent.status}: ${await sent.text()}`);
    const { campaign } = (await sent.json()) as { campaign: CampaignSummary };
    let summary: CampaignSummary | undefined;
    for (;;) {
      const history = (await (await fetch(`${app.origin}/api/admin/newsletter/campaigns`, { headers: { cookie } })).json()) as CampaignSummary[];
      summary = history.find((entry) => entry.id === campaign.id);
      if (summary?.status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const campaignSeconds = (performance.now() - campaignStart) / 1000;
    return {
      exportRows: exported.lines - 1,
      exportBytes: exported.bytes,
      exportSeconds,
      rssBeforeMb,
      rssPeakDuringMb,
      campaignMessages: summary.sent,
      campaignSeconds,
      smtpReceived: options.smtp.messages.length - receivedBefore,
    };
  } finally {
    await byDomain(EXPORT_DOMAIN);
    await byDomain(CAMPAIGN_DOMAIN);
    await database.db.deleteFrom('newsletter_campaigns').where('title', '=', 'Bench campaign').execute();
    await database.close();
  }
}
