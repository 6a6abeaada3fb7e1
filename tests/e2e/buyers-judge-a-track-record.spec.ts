import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Robot } from '../../src/shared/schemas/catalogue.js';
import { E2E_PUBLIC_URL } from '../support/e2e-shop.js';
import { expect, test } from './fixtures.js';

/** Readings at 21:00 UTC on each day of October 2026. */
const at = (day: number) => new Date(Date.UTC(2026, 9, day, 21)).toISOString();

/** Straight from `from` on day `first` to `to` on day `last`, one reading a day. */
function line(first: number, last: number, from: number, to: number) {
  return Array.from({ length: last - first + 1 }, (_, index) => ({
    time: at(first + index),
    balance: Math.round((from + ((to - from) * index) / (last - first)) * 100) / 100,
  }));
}

/*
 * Steady: 10,000 to 11,000 by 14 October (+10 %), a 5,500 deposit on the 15th before its reading
 * (16,500: the deposit, no gain), 17,000 on the 19th, a 5 % fall to 16,150 on the 20th, then
 * 18,150 on the 31st. Growth: (11,000 / 10,000) × (18,150 / 16,500) − 1 = 1.1 × 1.1 − 1 = +21 %,
 * not the +81.5 % the balance alone would suggest; maximum drawdown 1 − 16,150 / 17,000 = 5 %
 * (850). October, and 2026: +21 %.
 */
const steadyReadings = [
  ...line(1, 14, 10_000, 11_000),
  ...line(15, 19, 16_500, 17_000),
  ...line(20, 31, 16_150, 18_150),
];
const steadyDeposit = {
  id: 'DEP-1',
  type: 'deposit',
  amount: 5500,
  time: new Date(Date.UTC(2026, 9, 15, 6)).toISOString(),
};
const steadyTrades = [
  { ticket: 9001, symbol: 'EURUSD', side: 'buy', lots: 1, opened_at: at(3), closed_at: at(4), profit: 300 },
  { ticket: 9002, symbol: 'EURUSD', side: 'sell', lots: 1, opened_at: at(19), closed_at: at(20), profit: -850 },
  { ticket: 9003, symbol: 'GBPUSD', side: 'buy', lots: 1, opened_at: at(25), closed_at: at(26), profit: 700 },
];
/*
 * Bumpy: 5,000 to 5,200 by the 10th, a 20 % fall to 4,160 on the 11th, then 5,400 on the 31st.
 * Growth +8 %; maximum drawdown 20 %.
 */
const bumpyReadings = [...line(1, 10, 5_000, 5_200), ...line(11, 31, 4_160, 5_400)];

async function createRobot(admin: APIRequestContext, fields: Record<string, unknown>): Promise<Robot> {
  const created = await admin.post('/api/admin/robots', { data: { price: 199, risk_level: 'medium', ...fields } });
  expect(created.status()).toBe(201);
  return (await created.json()) as Robot;
}

/** The workflow's push: its month of readings (and cash flows, trades), signed with the automation secret. */
async function pushMonth(
  request: APIRequestContext,
  secret: string,
  name: string,
  readings: Array<{ time: string; balance: number }>,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const records = readings.map((reading, index) => ({
    robot_name: name,
    ...reading,
    ...(index === readings.length - 1 ? extra : {}),
  }));
  const pushed = await request.post('/api/hooks/stats', { data: records, headers: { 'X-Secret-Token': secret } });
  expect(pushed.status()).toBe(200);
  expect(await pushed.json()).toEqual({ accepted: readings.length });
}

/** A figure of the track record, by its label: its value (the first definition after the term). */
function figure(scope: Locator, label: string): Locator {
  return scope
    .locator('dl > div')
    .filter({
      has: scope
        .page()
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) }),
    })
    .getByRole('definition')
    .first();
}

// Dates on the page are in the reader's time zone: the readings' days are UTC days.
test.use({ timezoneId: 'UTC' });

function card(page: Page, name: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
}

/** The order in which the two robots' cards appear in the grid. */
async function cardOrder(page: Page, names: string[]): Promise<string[]> {
  const headings = await page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
  return headings.map((heading) => heading.trim()).filter((heading) => names.includes(heading));
}

test('Buyers judge a robot by its track record: growth without deposits, drawdown, monthly returns, sorts and a comparison', async ({
  page,
  request,
  adminRequest: admin,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const steadyName = `Steady Compounder ${suffix}`;
  const bumpyName = `Bumpy Rider ${suffix}`;
  const before = (await (await admin.get('/api/admin/settings')).json()) as Record<string, string>;
  const secret = `e2e-track-record-secret-${suffix}-0123456789abcdef`;
  expect((await admin.patch('/api/admin/settings', { data: { values: { n8n_secret_token: secret } } })).status()).toBe(
    200,
  );
  const steady = await createRobot(admin, {
    name: steadyName,
    verified_record_url: 'https://www.mql5.com/en/signals/1234567',
  });
  const bumpy = await createRobot(admin, { name: bumpyName });
  try {
    await pushMonth(request, secret, steadyName, steadyReadings, {
      cash_flows: [steadyDeposit],
      trades: steadyTrades,
    });
    await pushMonth(request, secret, bumpyName, bumpyReadings);

    // The robot page, in English.
    await page.goto(`/RobotDetail?robotId=${steady.id}`);
    const record = page.getByRole('region', { name: 'Track record' });
    await expect(record.getByText('Self-reported', { exact: true })).toBeVisible();
    await expect(record.getByRole('link', { name: /Verified elsewhere: MQL5 Signals/ })).toHaveAttribute(
      'href',
      'https://www.mql5.com/en/signals/1234567',
    );
    await expect(figure(record, 'Growth')).toHaveText('+21.00%');
    await expect(figure(record, 'Max drawdown \\(equity\\)')).toHaveText('5.00% ($850.00)');
    await expect(figure(record, 'Worst month')).toHaveText('+21.00% (Oct 2026)');
    await expect(figure(record, 'Trades')).toHaveText('3 (2 won, 1 lost)');
    await expect(figure(record, 'Deposits and withdrawals')).toHaveText('+$5,500.00 / −$0.00');
    const growthChart = record.getByRole('figure', {
      name: /^Time-weighted growth reached \+21\.00% between 1 Oct 2026 and 31 Oct 2026, deposits and withdrawals excluded\. Markers show 1 deposit\(s\) and 0 withdrawal\(s\)\.$/,
    });
    await expect(growthChart.locator('[data-drawn-series="1"] canvas').first()).toBeVisible();
    await record.getByRole('button', { name: 'Balance & equity' }).click();
    await expect(
      record.getByRole('figure', { name: /^Balance went from \$10,000\.00 on 1 Oct 2026 to \$18,150\.00/ }),
    ).toBeVisible();
    await expect(record.locator('[data-drawn-series="2"]')).toBeVisible();
    const months = record.getByRole('table', { name: "Monthly returns in percent, by year, with the year's total" });
    await expect(months.getByRole('row', { name: /^2026/ }).getByRole('cell')).toHaveText([
      ...Array.from({ length: 9 }, () => '—'),
      '+21.00%',
      '—',
      '—',
      '+21.00%',
    ]);
    await expect(months.getByRole('cell', { name: '+21.00%' }).first()).toHaveClass(/emerald/);

    // The catalogue: each card shows its maximum drawdown; sorting by it puts the steadier first.
    await page.goto('/');
    await expect(card(page, steadyName).locator('dl > div').filter({ hasText: 'Max drawdown' })).toContainText('5.00%');
    await expect(card(page, bumpyName).locator('dl > div').filter({ hasText: 'Max drawdown' })).toContainText('20.00%');
    // Newest first: the bumpy robot was created last.
    expect(await cardOrder(page, [steadyName, bumpyName])).toEqual([bumpyName, steadyName]);
    await page.getByLabel('Sort by').selectOption({ label: 'Max drawdown: lowest first' });
    await expect(page).toHaveURL(/sort=drawdown/);
    expect(await cardOrder(page, [steadyName, bumpyName])).toEqual([steadyName, bumpyName]);
    await page.getByLabel('Sort by').selectOption({ label: 'Growth (time-weighted)' });
    expect(await cardOrder(page, [steadyName, bumpyName])).toEqual([steadyName, bumpyName]);

    // Compare the two: both growth curves on one chart, the figures side by side.
    await page.getByRole('checkbox', { name: `Compare ${steadyName}` }).check();
    const bar = page.getByRole('region', { name: 'Robots to compare' });
    await expect(bar.getByText('Choose a second robot to compare.')).toBeVisible();
    await page.getByRole('checkbox', { name: `Compare ${bumpyName}` }).check();
    await bar.getByRole('link', { name: 'Compare' }).click();
    await expect(page).toHaveURL(new RegExp(`/Compare\\?robots=${steady.id}%2C${bumpy.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Compare robots' })).toBeVisible();
    const curves = page.getByRole('figure', {
      name: `Time-weighted growth, deposits and withdrawals excluded: ${steadyName} +21.00%, ${bumpyName} +8.00%.`,
    });
    await expect(curves.locator('[data-drawn-series="2"] canvas').first()).toBeVisible();
    await expect(curves.getByRole('listitem')).toHaveText([steadyName, bumpyName]);
    const table = page.getByRole('table', { name: 'Figures side by side' });
    await expect(table.getByRole('row', { name: /^Max drawdown \(equity\)/ }).getByRole('cell')).toHaveText([
      '5.00% ($850.00)',
      /^20\.00% \(\$1,040\.00\)$/,
    ]);
    await expect(table.getByRole('row', { name: /^Verification/ }).getByRole('cell')).toHaveText([
      'Verified elsewhere: MQL5 Signals (opens in a new tab)',
      'Self-reported',
    ]);
    await page.getByRole('button', { name: `Remove ${bumpyName} from the comparison` }).click();
    await expect(page).toHaveURL(new RegExp(`/Compare\\?robots=${steady.id}$`));
    await expect(table.getByRole('columnheader')).toHaveCount(1);

    // The robot page in French.
    await page.context().addCookies([{ name: 'lang', value: 'fr', url: E2E_PUBLIC_URL }]);
    await page.goto(`/RobotDetail?robotId=${steady.id}`);
    const historique = page.getByRole('region', { name: 'Historique de performance' });
    await expect(historique.getByText('Déclaré par la boutique', { exact: true })).toBeVisible();
    await expect(historique.getByRole('link', { name: /Vérifié ailleurs : MQL5 Signals/ })).toBeVisible();
    await expect(figure(historique, 'Croissance')).toHaveText(/^\+21,00\s%$/);
    await expect(figure(historique, 'Drawdown max \\(fonds propres\\)')).toHaveText(/^5,00\s% \(850,00\s\$US\)$/);
    const mois = historique.getByRole('table', {
      name: "Rendements mensuels en pourcentage, par année, avec le total de l'année",
    });
    await expect(mois.getByRole('columnheader', { name: 'oct.' })).toBeVisible();
    await expect(mois.getByRole('row', { name: /^2026/ }).getByRole('cell').nth(9)).toHaveText(/^\+21,00\s%$/);
  } finally {
    await admin.delete(`/api/admin/robots/${steady.id}`);
    await admin.delete(`/api/admin/robots/${bumpy.id}`);
    await admin.patch('/api/admin/settings', { data: { values: { n8n_secret_token: before.n8n_secret_token ?? '' } } });
  }
});

/*
 * A deposit sent by mistake: 1,000 then 1,100, a 1,000 "deposit", then 1,210. With it, the last
 * period is 1,210 / (1,100 + 1,000) − 1 = −42.38 % and the growth 1.1 × 0.5762 − 1 = −36.62 %;
 * without it, 1,210 / 1,100 − 1 = +10 % and the growth 1.1 × 1.1 − 1 = +21 %.
 */
test('Owners correct a robot’s track record in its Track record tab, and link a record verified elsewhere', async ({
  request,
  adminRequest: admin,
  adminPage: page,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const name = `Corrected Record ${suffix}`;
  const before = (await (await admin.get('/api/admin/settings')).json()) as Record<string, string>;
  const secret = `e2e-track-correction-${suffix}-0123456789abcdef`;
  expect((await admin.patch('/api/admin/settings', { data: { values: { n8n_secret_token: secret } } })).status()).toBe(
    200,
  );
  const robot = await createRobot(admin, { name });
  try {
    await pushMonth(
      request,
      secret,
      name,
      [
        { time: at(1), balance: 1000 },
        { time: at(2), balance: 1100 },
        { time: at(3), balance: 1210 },
      ],
      { cash_flows: [{ id: 'WRONG-1', type: 'deposit', amount: 1000, time: at(2).replace('T21', 'T23') }] },
    );

    await page.goto('/RobotManagement');
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit robot' });
    const tab = dialog.getByRole('group', { name: 'Track record' });
    await expect(tab.getByRole('tab', { name: 'Figures' })).toHaveAttribute('aria-selected', 'true');
    await expect(tab.getByRole('definition').first()).toHaveText('-36.62%');

    await tab.getByRole('tab', { name: 'Cash flows' }).click();
    await tab.getByRole('button', { name: /^Delete the deposit of / }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this cash flow?' });
    await expect(confirm).toContainText('The deposit of $1,000.00');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted; the figures were computed again.')).toBeVisible();
    await expect(tab.getByText('No deposit or withdrawal reported.')).toBeVisible();
    await tab.getByRole('tab', { name: 'Figures' }).click();
    await expect(tab.getByRole('definition').first()).toHaveText('+21.00%');

    // The verified record: refused unless it is a Myfxbook or MQL5 Signals address.
    const address = tab.getByLabel('Verified record (Myfxbook or MQL5 Signals address)');
    await address.fill('https://www.myfxbook.com.example.net/members/x/y/1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(tab.getByText('Enter the https address of a Myfxbook account or an MQL5 signal.')).toBeVisible();
    await address.fill('https://www.myfxbook.com/members/trader/corrected-record/7654321');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Robot ${name} saved.`)).toBeVisible();

    const audit = (await (await admin.get('/api/admin/audit?resource=robot')).json()) as {
      rows: Array<{ action: string; record_id: string }>;
    };
    expect(audit.rows.filter((row) => row.record_id === robot.id).map((row) => row.action)).toContain(
      'delete cash flow',
    );

    await page.goto(`/RobotDetail?robotId=${robot.id}`);
    const record = page.getByRole('region', { name: 'Track record' });
    await expect(figure(record, 'Growth')).toHaveText('+21.00%');
    await expect(record.getByRole('link', { name: /Verified elsewhere: Myfxbook/ })).toHaveAttribute(
      'href',
      'https://www.myfxbook.com/members/trader/corrected-record/7654321',
    );
  } finally {
    await admin.delete(`/api/admin/robots/${robot.id}`);
    await admin.patch('/api/admin/settings', { data: { values: { n8n_secret_token: before.n8n_secret_token ?? '' } } });
  }
});
