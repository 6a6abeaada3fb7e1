import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ClientLicence } from '../../src/shared/schemas/client-licences.js';
import type { RobotLicenceSecret } from '../../src/shared/schemas/licences.js';
import type { Order } from '../../src/shared/schemas/orders.js';
import { E2E_PUBLIC_URL } from '../support/e2e-shop.js';
import { TradeBotLicense, type RobotTerminal } from '../support/licence-robot-client.js';
import { ex5File } from '../support/robot-files.js';
import { expect, test } from './fixtures.js';

// Free trials (issue 18 §3, decision 0020): a visitor signs in from the robot's page, starts its
// free trial, finds it in My Orders with its end date, and the trial's licence runs the robot on a
// demo account and not on a real one.

const ORIGIN = { origin: E2E_PUBLIC_URL };
const folders: string[] = [];

/** A MetaTrader terminal on one account, speaking to the shop. */
function terminal(login: number, real: boolean): RobotTerminal {
  const filesFolder = mkdtempSync(path.join(tmpdir(), 'tradebot-e2e-trial-'));
  folders.push(filesFolder);
  return {
    login,
    server: real ? 'Broker-Live' : 'Broker-Demo',
    real,
    platform: 'MT5',
    tester: false,
    now: () => Math.floor(Date.now() / 1000),
    filesFolder,
    async webRequest(method, url, _headers, _timeoutMs, data) {
      const response = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: data });
      return { status: response.status, body: await response.text() };
    },
  };
}

test.afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

test('Clients try a robot free from its page: My Orders shows the trial and its end, its licence runs on demo accounts only', async ({
  page,
  client,
  adminRequest,
}) => {
  test.setTimeout(60_000);
  const robotName = `E2E Trial ${Date.now().toString(36)}`;
  let robotId = '';
  try {
    // The owner sells a licensed robot delivered automatically, with a release and a 7-day trial.
    const created = await adminRequest.post('/api/admin/robots', {
      data: {
        name: robotName,
        price: 249,
        status: 'inactive',
        licence_required: true,
        delivery: 'automatic',
        trial_days: 7,
      },
      headers: ORIGIN,
    });
    expect(created.status()).toBe(201);
    robotId = ((await created.json()) as { id: string }).id;
    const released = await adminRequest.post(`/api/admin/robots/${robotId}/releases`, {
      multipart: {
        version: '3.0.0',
        notes: '<p>First public version</p>',
        file: { name: 'Trial Robot.ex5', mimeType: 'application/octet-stream', buffer: ex5File() },
      },
      headers: ORIGIN,
    });
    expect(released.status()).toBe(201);
    const activated = await adminRequest.patch(`/api/admin/robots/${robotId}`, {
      data: { status: 'active' },
      headers: ORIGIN,
    });
    expect(activated.status()).toBe(200);
    const tab = (await (await adminRequest.get(`/api/admin/robots/${robotId}/licence`)).json()) as RobotLicenceSecret;

    // A visitor is asked to sign in first, and stays on the robot's page.
    await page.goto(`/RobotDetail?robotId=${robotId}`);
    await expect(page.getByRole('heading', { level: 1, name: robotName })).toBeVisible();
    const robotPage = page.url();
    await page.getByRole('button', { name: 'Try free for 7 days' }).click();
    const signInDialog = page.getByRole('dialog', { name: 'Welcome' });
    await signInDialog.getByLabel('Email').fill(client.email);
    await signInDialog.getByLabel('Password').fill(client.password);
    await signInDialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(signInDialog).toBeHidden();
    await expect(page).toHaveURL(robotPage);

    // Signed in, the offer asks for the Terms, then starts the trial and shows My Orders.
    await page.getByRole('button', { name: 'Try free for 7 days' }).click();
    const dialog = page.getByRole('dialog', { name: `Try ${robotName} free for 7 days` });
    await expect(dialog.getByText('runs on demo accounts only, for 7 days from now')).toBeVisible();
    await dialog.getByRole('button', { name: 'Start the free trial' }).click();
    await expect(dialog.getByText('You must accept the Terms and the Risk disclosure')).toBeVisible();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Start the free trial' }).click();
    await expect(page).toHaveURL(/\/Dashboard$/);

    const orders = (await (await page.request.get('/api/orders')).json()) as Order[];
    const trial = orders.find((order) => order.robot_id === robotId)!;
    expect(trial).toMatchObject({ trial: true, status: 'completed', price: 0 });
    const endsOn = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(
      new Date(trial.trial_ends_at!),
    );
    const row = page.getByRole('row', { name: new RegExp(robotName) });
    await expect(row.getByText('Trial', { exact: true })).toBeVisible();
    await expect(row.getByText(new RegExp(`^Trial until ${endsOn}, \\d{2}:\\d{2}$`))).toBeVisible();
    await expect(row.getByText('Completed')).toBeVisible();
    await expect(row.getByRole('link', { name: 'Licence' })).toBeVisible();

    // The robot page now tells the client about their trial instead of offering another.
    await page.goto(robotPage);
    await expect(page.getByText(`Your free trial runs until ${endsOn}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try free for 7 days' })).toHaveCount(0);

    // The trial's licence: a demo account runs the robot, a real one is refused.
    const { key } = (await (await page.request.get(`/api/orders/${trial.id}/licence`)).json()) as ClientLicence;
    const robotOn = (on: RobotTerminal) => {
      const robot = new TradeBotLicense(on);
      robot.Init(`${E2E_PUBLIC_URL}/api/licenses`, robotId, tab.ea_secret!, key, '3.0.0');
      return robot;
    };
    const demo = robotOn(terminal(7101, false));
    expect(await demo.Check()).toBe(true);
    expect(demo.State()).toBe('licensed');
    const real = robotOn(terminal(5101, true));
    expect(await real.Check()).toBe(false);
    expect(real.LastError()).toBe('demo_only');
  } finally {
    if (robotId) await adminRequest.delete(`/api/admin/robots/${robotId}`, { headers: ORIGIN });
  }
});
