import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Robot } from '../../src/shared/schemas/catalogue.js';
import { expect, test } from './fixtures.js';

const ROBOT = 'Aurora Scalper';
type StatsRecord = { robot_name: string } & Record<string, string | number | null>;

async function saveSettings(admin: APIRequestContext, values: Record<string, string>): Promise<void> {
  const saved = await admin.patch('/api/admin/settings', { data: { values } });
  expect(saved.status()).toBe(200);
}

/** The automation's push, asking the server to apply the records now. */
async function pushStats(request: APIRequestContext, secret: string, record: StatsRecord): Promise<void> {
  const pushed = await request.post('/api/hooks/stats?refresh=1', {
    data: record,
    headers: { 'X-Secret-Token': secret },
  });
  expect(pushed.status()).toBe(200);
}

/** A figure of a catalogue card, found by its label. */
function cardStat(card: Locator, label: string): Locator {
  return card
    .locator('dl > div')
    .filter({
      has: card
        .page()
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) }),
    })
    .getByRole('definition');
}

function robotCard(page: Page): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: ROBOT }) });
}

/**
 * Pushes until Home shows the expected Growth. The server applies records in the background and
 * skips a refresh asked within 10 s of the previous one (its schedule may just have run), so the
 * push, with its refresh request, is repeated: it is idempotent.
 */
async function pushUntilShown(
  page: Page,
  request: APIRequestContext,
  secret: string,
  record: StatsRecord,
  growth: string,
) {
  const card = robotCard(page);
  await expect(async () => {
    await pushStats(request, secret, record);
    await page.goto('/');
    await expect(cardStat(card, 'Growth')).toHaveText(growth, { timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });
}

test('Statistics pushed by the automation reach the catalogue card', async ({ page, request, adminRequest: admin }) => {
  test.setTimeout(150_000);
  const robots = (await (await request.get('/api/robots')).json()) as Robot[];
  const robot = robots.find((candidate) => candidate.name === ROBOT);
  expect(robot, `${ROBOT} is part of the demo catalogue`).toBeDefined();
  const original = robot!;

  const before = (await (await admin.get('/api/admin/settings')).json()) as Record<string, string>;
  const secret = `e2e-stats-secret-${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;
  await saveSettings(admin, { n8n_secret_token: secret, n8n_callback_url: '' });
  try {
    const record = { robot_name: ROBOT, winrate: '71.25', balance: '15000.5', profit: '-12.5' };
    const unsigned = await request.post('/api/hooks/stats?refresh=1', { data: record });
    expect(unsigned.status()).toBe(401);
    const wrongSecret = await request.post('/api/hooks/stats?refresh=1', {
      data: record,
      headers: { 'X-Secret-Token': `${secret}-not` },
    });
    expect(wrongSecret.status()).toBe(401);

    await pushUntilShown(page, request, secret, record, '71.25%');
    const card = robotCard(page);
    // In dollars: balance and the floating profit are amounts of money.
    await expect(cardStat(card, 'Balance')).toHaveText('$15,000.50');
    const floating = cardStat(card, 'Floating');
    await expect(floating).toHaveText('-$12.50');
    await expect(floating).toHaveClass(/\btext-red-/);

    // Give the robot its demo figures back, so other journeys see the catalogue as seeded.
    await pushUntilShown(
      page,
      request,
      secret,
      {
        robot_name: ROBOT,
        winrate: original.winrate,
        balance: original.balance,
        weekly: original.weekly,
        profit_factor: original.profit_factor,
        monthly: original.monthly,
        profit: original.floating,
        daily: original.daily,
      },
      `${original.winrate!.toFixed(2)}%`,
    );
  } finally {
    await saveSettings(admin, {
      n8n_secret_token: before.n8n_secret_token ?? '',
      n8n_callback_url: before.n8n_callback_url ?? '',
    });
  }
});
