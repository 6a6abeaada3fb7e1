import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ClientLicence } from '../../src/shared/schemas/client-licences.js';
import type { RobotLicenceSecret } from '../../src/shared/schemas/licences.js';
import {
  TBL_REFUSED,
  TBL_RETRY_SECONDS,
  TradeBotLicense,
  type RobotTerminal,
} from '../support/licence-robot-client.js';
import { orderBody } from '../support/orders.js';
import { E2E_PUBLIC_URL } from '../support/e2e-shop.js';
import { expect, test } from './fixtures.js';

const folders: string[] = [];

/** A MetaTrader terminal on one account, speaking to the shop; its clock is the test's to move. */
function terminal(login: number, { server = 'Broker-Live', real = true } = {}) {
  const clock = { now: Math.floor(Date.now() / 1000) };
  const filesFolder = mkdtempSync(path.join(tmpdir(), 'tradebot-e2e-terminal-'));
  folders.push(filesFolder);
  const on: RobotTerminal = {
    login,
    server,
    real,
    platform: 'MT5',
    tester: false,
    now: () => clock.now,
    filesFolder,
    async webRequest(method, url, _headers, _timeoutMs, data) {
      const response = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: data });
      return { status: response.status, body: await response.text() };
    },
  };
  return { on, clock };
}

test.afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

test('Clients see their licence, copy the key and free a slot for another account', async ({
  clientPage: page,
  adminRequest,
}) => {
  test.setTimeout(60_000);
  const robotName = `E2E Licence page ${Date.now().toString(36)}`;
  try {
    // The owner sells a licensed robot (1 real account, 2 demo), and the client's order is paid.
    const created = await adminRequest.post('/api/admin/robots', {
      data: { name: robotName, price: 149, licence_required: true, licence_real_slots: 1, licence_demo_slots: 2 },
    });
    expect(created.status()).toBe(201);
    const robotId = ((await created.json()) as { id: string }).id;
    const tab = (await (await adminRequest.get(`/api/admin/robots/${robotId}/licence`)).json()) as RobotLicenceSecret;
    const ordered = await page.request.post('/api/orders', {
      data: orderBody(robotId),
      headers: { origin: E2E_PUBLIC_URL },
    });
    expect(ordered.status()).toBe(201);
    const orderId = ((await ordered.json()) as { id: string }).id;
    expect((await adminRequest.patch(`/api/admin/orders/${orderId}`, { data: { status: 'paid' } })).status()).toBe(200);
    const { key } = (await (await page.request.get(`/api/orders/${orderId}/licence`)).json()) as ClientLicence;

    // The client's robot runs on a real and a demo account; a second real account finds no slot.
    const robotOn = (on: RobotTerminal) => {
      const robot = new TradeBotLicense(on);
      robot.Init(`${E2E_PUBLIC_URL}/api/licenses`, robotId, tab.ea_secret!, key, '2.1.0');
      return robot;
    };
    const real = robotOn(terminal(5001).on);
    const demo = robotOn(terminal(7001, { server: 'Broker-Demo', real: false }).on);
    const secondTerminal = terminal(5002);
    const secondReal = robotOn(secondTerminal.on);
    expect(await real.Check()).toBe(true);
    expect(await demo.Check()).toBe(true);
    expect(await secondReal.Check()).toBe(false);
    expect(secondReal.LastError()).toBe('no_free_slot');

    // My Orders leads to the order's licence page.
    await page.goto('/Dashboard');
    await page
      .getByRole('row', { name: new RegExp(robotName) })
      .getByRole('link', { name: 'Licence' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Licence' })).toBeVisible();
    await expect(page.getByText(`${robotName} · order #${orderId.slice(0, 8)}`)).toBeVisible();

    // The key, copied to the clipboard with a visible confirmation.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_PUBLIC_URL });
    await expect(page.getByText(key, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Copy the key' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    // Run in the page, whose `navigator` the tests' types (Node's globals) do not know.
    const pasted = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(pasted).toBe(key);

    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByText('For life')).toBeVisible();
    const realAccounts = page.getByRole('region', { name: 'Real accounts' });
    const demoAccounts = page.getByRole('region', { name: 'Demo accounts' });
    await expect(realAccounts.getByText('1 of 1 used')).toBeVisible();
    await expect(demoAccounts.getByText('1 of 2 used')).toBeVisible();
    await expect(demoAccounts.getByRole('listitem', { name: 'Account 7001 on Broker-Demo' })).toBeVisible();
    await expect(page.getByText('3 of 3 frees left in the last 30 days')).toBeVisible();

    // Freeing the real slot asks first.
    const account = realAccounts.getByRole('listitem', { name: 'Account 5001 on Broker-Live' });
    await expect(account.getByText('MT5 · v2.1.0')).toBeVisible();
    await account.getByRole('button', { name: 'Free this slot' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Free the slot of account 5001?' });
    await expect(confirm.getByText('This uses one of your 3 frees for 30 days: 2 will be left.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Free the slot' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('The slot of account 5001 is free.')).toBeVisible();
    await expect(realAccounts.getByText('0 of 1 used')).toBeVisible();
    await expect(realAccounts.getByText('No real account uses this licence yet.')).toBeVisible();
    await expect(page.getByText('2 of 3 frees left in the last 30 days')).toBeVisible();

    // The robot sees it: the freed account is no longer activated, the second account activates.
    expect(await real.Request('validate')).toBe(TBL_REFUSED);
    expect(real.LastError()).toBe('not_activated');
    secondTerminal.clock.now += TBL_RETRY_SECONDS;
    expect(await secondReal.Check()).toBe(true);
    expect(secondReal.State()).toBe('licensed');

    await page.reload();
    await expect(realAccounts.getByRole('listitem', { name: 'Account 5002 on Broker-Live' })).toBeVisible();
    await expect(realAccounts.getByText('1 of 1 used')).toBeVisible();
  } finally {
    const robots = (await (await adminRequest.get('/api/admin/robots')).json()) as Array<{ id: string; name: string }>;
    for (const robot of robots.filter((item) => item.name === robotName))
      await adminRequest.delete(`/api/admin/robots/${robot.id}`);
  }
});
