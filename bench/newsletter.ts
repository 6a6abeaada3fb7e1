// Part `newsletter`: the subscriber export (time and the server's memory while it streams) and the
// throughput of an email campaign to the part's own local SMTP server.
import { request } from 'node:http';
import { parseConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import type { CampaignSummary } from '../src/shared/schemas/newsletter.js';
import { insertSubscribers } from '../tests/support/newsletter-subscribers.js';
import type { IsolatedShop } from './isolated-shop.js';
import { formatNumber } from './report.js';
import { BENCH_ADMIN, readMemory } from './servers.js';
import { signIn } from './shop-client.js';

const EXPORT_DOMAIN = 'export.bench.invalid';
const CAMPAIGN_DOMAIN = 'campaign.bench.invalid';

interface NewsletterFigures {
  exportRows: number;
  exportBytes: number;
  exportSeconds: number;
  rssBeforeMb: number | undefined;
  rssPeakDuringMb: number | undefined;
  campaignMessages: number;
  campaignSeconds: number;
  smtpReceived: number;
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

async function measureNewsletter(
  shop: IsolatedShop,
  sizes: { exportRows: number; campaignSize: number },
): Promise<NewsletterFigures> {
  const { app } = shop;
  const database = await openDatabase(
    parseConfig({ DATA_DIR: shop.dataDir, DATABASE_URL: shop.databaseUrl ?? '' }).database,
  );
  try {
    await insertSubscribers(database.db, sizes.exportRows, EXPORT_DOMAIN);
    await insertSubscribers(database.db, sizes.campaignSize, CAMPAIGN_DOMAIN);
    const { cookie } = await signIn(app.origin, BENCH_ADMIN.email, BENCH_ADMIN.password);

    // Export: the app's resident memory sampled every 20 ms while the CSV streams.
    const rssBeforeMb = readMemory(app.child.pid)?.rssMb;
    let rssPeakDuringMb = rssBeforeMb;
    const sampler = setInterval(() => {
      const rss = readMemory(app.child.pid)?.rssMb;
      if (rss !== undefined) rssPeakDuringMb = Math.max(rssPeakDuringMb ?? 0, rss);
    }, 20);
    const exportStart = performance.now();
    const exported = await download(
      `${app.origin}/api/admin/newsletter/subscribers.csv?q=${encodeURIComponent(`@${EXPORT_DOMAIN}`)}`,
      cookie,
    );
    const exportSeconds = (performance.now() - exportStart) / 1000;
    clearInterval(sampler);

    // Campaign: from the administrator's send to the last message accepted by the SMTP server.
    const campaignStart = performance.now();
    const sent = await fetch(`${app.origin}/api/admin/newsletter/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.origin, cookie },
      body: JSON.stringify({
        title: 'Bench campaign',
        content: '<p>Hello from the bench</p>',
        recipients: 'all',
        q: `@${CAMPAIGN_DOMAIN}`,
      }),
    });
    if (sent.status !== 202) throw new Error(`campaign send answered ${sent.status}: ${await sent.text()}`);
    const { campaign } = (await sent.json()) as { campaign: CampaignSummary };
    let summary: CampaignSummary | undefined;
    for (;;) {
      const history = (await (
        await fetch(`${app.origin}/api/admin/newsletter/campaigns`, { headers: { cookie } })
      ).json()) as CampaignSummary[];
      summary = history.find((entry) => entry.id === campaign.id);
      if (summary?.status === 'sent') break;
      if (summary?.status === 'failed') throw new Error(`the campaign failed: ${summary.error ?? 'no reason given'}`);
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
      smtpReceived: shop.smtp.receivedFor(CAMPAIGN_DOMAIN),
    };
  } finally {
    await database.close();
  }
}

export async function benchNewsletter(
  shop: IsolatedShop,
  sizes: { exportRows: number; campaignSize: number },
): Promise<void> {
  console.log(
    `${formatNumber(sizes.exportRows)} subscribers to export, a campaign to ${formatNumber(sizes.campaignSize)} (local SMTP server, NEWSLETTER_SEND_RATE unlimited)…`,
  );
  const figures = await measureNewsletter(shop, sizes);
  const memory =
    figures.rssBeforeMb === undefined || figures.rssPeakDuringMb === undefined
      ? 'memory unavailable (needs /proc)'
      : `app RSS ${formatNumber(figures.rssBeforeMb, 1)} MB before, at most ${formatNumber(figures.rssPeakDuringMb, 1)} MB while streaming (+${formatNumber(figures.rssPeakDuringMb - figures.rssBeforeMb, 1)} MB)`;
  console.log(
    `subscriber export (CSV): ${formatNumber(figures.exportRows)} rows, ${formatNumber(figures.exportBytes / 1024 / 1024, 1)} MB in ${formatNumber(figures.exportSeconds, 2)} s (${formatNumber(figures.exportRows / figures.exportSeconds)} rows/s); ${memory}`,
  );
  console.log(
    `email campaign: ${formatNumber(figures.campaignMessages)} messages in ${formatNumber(figures.campaignSeconds, 2)} s = ${formatNumber(figures.campaignMessages / figures.campaignSeconds)} messages/s (SMTP server received ${formatNumber(figures.smtpReceived)} for the campaign's addresses)`,
  );
}
