import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { RobotLicenceSecret } from '../../src/shared/schemas/licences.js';
import type { AdminOrderDetail, Order } from '../../src/shared/schemas/orders.js';
import { E2E_PUBLIC_URL } from '../support/e2e-shop.js';
import {
  TBL_OK,
  TBL_REFUSED,
  TBL_RETRY_SECONDS,
  TradeBotLicense,
  type RobotTerminal,
} from '../support/licence-robot-client.js';
import { orderBody } from '../support/orders.js';
import { ex5File } from '../support/robot-files.js';
import { E2E_ADMIN, expect, signedInPage, signUp, test } from './fixtures.js';
import { connectPaymentWorkflow, reportPayment } from './payment-workflow.js';

// Issue 18's main journey, end to end in one story: the owner adds a release to a licensed robot
// delivered automatically; a client buys it and the order completes by itself; the licence page
// shows the key; the client's robot (the TypeScript twin of the MQL include) activates a real and
// a demo account, a second real account finds no free slot, the client frees one and the second
// account activates; the owner revokes the licence and the next validation is refused; a new
// release emails the client and My Orders shows it.
test.describe.configure({ mode: 'serial' });

const ORIGIN = { origin: E2E_PUBLIC_URL };
const SECRET = `e2e-journey-workflow-secret-${Date.now()}`;
const ROBOT = `E2E Journey ${Date.now().toString(36)}`;
const folders: string[] = [];

/** A MetaTrader terminal on one account, speaking to the shop; its clock is the test's to move. */
function terminal(login: number, { real = true } = {}) {
  const clock = { now: Math.floor(Date.now() / 1000) };
  const filesFolder = mkdtempSync(path.join(tmpdir(), 'tradebot-e2e-journey-'));
  folders.push(filesFolder);
  const on: RobotTerminal = {
    login,
    server: real ? 'Broker-Live' : 'Broker-Demo',
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

let admin: Page;
let client: Page;
let robotId = '';
let orderId = '';
let key = '';
let eaSecret = '';

test.beforeAll(async ({ browser, request }) => {
  admin = await signedInPage(browser, E2E_ADMIN);
  // Only the signed payment report is used here: no payment page is asked for.
  await connectPaymentWorkflow(admin, '', SECRET);
  client = await signedInPage(browser, await signUp(request, { name: 'Jo Journey', label: 'journey' }));
});

test.afterAll(async () => {
  await connectPaymentWorkflow(admin, '', '');
  if (robotId) await admin.request.delete(`/api/admin/robots/${robotId}`, { headers: ORIGIN });
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Publishes a release from the robot's Releases section, as the owner does. */
async function publish(version: string, notes: string, fileName: string) {
  await admin.goto('/RobotManagement');
  await admin.getByRole('button', { name: `Edit ${ROBOT}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit robot' });
  const release = dialog.getByRole('region', { name: 'New release' });
  await release.getByLabel('Version *').fill(version);
  await release.getByRole('textbox', { name: 'Release notes' }).click();
  await admin.keyboard.type(notes);
  await release
    .getByLabel('Robot file *')
    .setInputFiles({ name: fileName, mimeType: 'application/octet-stream', buffer: ex5File() });
  await release.getByRole('button', { name: 'Publish the release' }).click();
  await expect(admin.getByText(`Version ${version} published: the robot’s owners receive it.`)).toBeVisible();
  return dialog;
}

test('The owner adds a release to a licensed robot delivered automatically, and puts it on sale', async () => {
  const created = await admin.request.post('/api/admin/robots', {
    data: {
      name: ROBOT,
      price: 299,
      status: 'inactive',
      delivery: 'automatic',
      licence_required: true,
      licence_real_slots: 1,
      licence_demo_slots: 1,
    },
    headers: ORIGIN,
  });
  expect(created.status()).toBe(201);
  robotId = ((await created.json()) as { id: string }).id;
  eaSecret = ((await (await admin.request.get(`/api/admin/robots/${robotId}/licence`)).json()) as RobotLicenceSecret)
    .ea_secret!;

  const dialog = await publish('2.0.0', 'Licensed release.', 'Journey Robot.ex5');
  await dialog.getByLabel('Status').selectOption({ label: 'Active' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(await (await admin.request.get(`/api/robots/${robotId}`)).json()).toMatchObject({
    status: 'active',
    delivery: 'automatic',
    licence_required: true,
    current_version: '2.0.0',
  });
});

test('A client buys it: paid, the order completes by itself, and the licence page shows the key', async () => {
  const ordered = await client.request.post('/api/orders', { data: orderBody(robotId), headers: ORIGIN });
  expect(ordered.status()).toBe(201);
  orderId = ((await ordered.json()) as Order).id;
  // The payment workflow reports the payment, signed with the shop's secret.
  const reported = await reportPayment(SECRET, {
    order_id: orderId,
    payment_id: `PAY-${orderId.slice(0, 6)}`,
    status: 'paid',
  });
  expect(reported.status).toBe('completed');

  await client.goto('/Dashboard');
  const row = client.getByRole('row').filter({ hasText: ROBOT });
  await expect(row.getByText('Completed')).toBeVisible();
  await row.getByRole('link', { name: 'Licence' }).click();
  await expect(client.getByRole('heading', { level: 1, name: 'Licence' })).toBeVisible();
  key = ((await (await client.request.get(`/api/orders/${orderId}/licence`)).json()) as { key: string }).key;
  expect(key).toMatch(/^TB-[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){4}$/);
  await expect(client.getByText(key, { exact: true })).toBeVisible();
});

test("The client's robot runs on a real and a demo account; a second real account waits for the slot the client frees", async () => {
  const robotOn = (on: RobotTerminal) => {
    const robot = new TradeBotLicense(on);
    robot.Init(`${E2E_PUBLIC_URL}/api/licenses`, robotId, eaSecret, key, '2.0.0');
    return robot;
  };
  const real = robotOn(terminal(6101).on);
  const demo = robotOn(terminal(8101, { real: false }).on);
  const second = terminal(6102);
  const secondReal = robotOn(second.on);
  expect(await real.Check()).toBe(true);
  expect(await demo.Check()).toBe(true);
  expect(await secondReal.Check()).toBe(false);
  expect(secondReal.LastError()).toBe('no_free_slot');

  // On the licence page the client frees the first real account's slot.
  await client.reload();
  const realAccounts = client.getByRole('region', { name: 'Real accounts' });
  await realAccounts
    .getByRole('listitem', { name: 'Account 6101 on Broker-Live' })
    .getByRole('button', { name: 'Free this slot' })
    .click();
  await client
    .getByRole('alertdialog', { name: 'Free the slot of account 6101?' })
    .getByRole('button', { name: 'Free the slot' })
    .click();
  await expect(client.getByText('The slot of account 6101 is free.')).toBeVisible();

  second.clock.now += TBL_RETRY_SECONDS;
  expect(await secondReal.Check()).toBe(true);
  expect(secondReal.State()).toBe('licensed');
  await client.reload();
  await expect(realAccounts.getByRole('listitem', { name: 'Account 6102 on Broker-Live' })).toBeVisible();
});

test("The owner revokes the licence from the Licences page: the robot's next validation is refused", async () => {
  const robot = new TradeBotLicense(terminal(6102).on);
  robot.Init(`${E2E_PUBLIC_URL}/api/licenses`, robotId, eaSecret, key, '2.0.0');
  expect(await robot.Request('validate')).toBe(TBL_OK);

  const masked = `TB-…-${key.slice(-5)}`;
  await admin.goto('/LicenceManagement');
  await admin.getByLabel('Search', { exact: true }).fill(key.slice(-5));
  const table = admin.getByRole('region', { name: 'Licences' });
  const row = table.getByRole('row').filter({ hasText: ROBOT });
  await row.getByRole('button', { name: `Details of licence ${masked}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Licence ${masked}` });
  await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  const revoke = admin.getByRole('alertdialog', { name: `Revoke licence ${masked}?` });
  await revoke.getByLabel(/^Reason/).fill('Chargeback');
  await revoke.getByRole('button', { name: 'Revoke the licence' }).click();
  await expect(admin.getByText(`Licence ${masked} revoked.`)).toBeVisible();

  expect(await robot.Request('validate')).toBe(TBL_REFUSED);
  expect(robot.LastError()).toBe('revoked');
});

test('A new release reaches the client: an email, and My Orders shows the version', async () => {
  const dialog = await publish('2.1.0', 'Faster exits.', 'Journey Robot 2.1.ex5');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The release reaches the order in the background.
  await expect
    .poll(async () => ((await (await client.request.get(`/api/orders/${orderId}`)).json()) as Order).versions.length)
    .toBe(2);
  await expect
    .poll(async () =>
      ((await (await admin.request.get(`/api/admin/orders/${orderId}`)).json()) as AdminOrderDetail).emails.map(
        (email) => email.kind,
      ),
    )
    .toContain('order-new-version');

  await client.goto('/Dashboard');
  const row = client.getByRole('row').filter({ hasText: ROBOT });
  await row.getByRole('button', { name: 'Versions (2)' }).click();
  const latest = client
    .getByRole('list', { name: `Versions of ${ROBOT}` })
    .last()
    .getByRole('listitem')
    .first();
  await expect(latest.getByText('Version 2.1.0')).toBeVisible();
  await expect(latest.getByText('Current')).toBeVisible();
  await expect(latest.getByText('Faster exits.')).toBeVisible();

  // The licence page lists the same versions, with their notes and their own downloads.
  await client.goto(`/OrderLicence?orderId=${orderId}`);
  const versions = client.getByRole('region', { name: 'Versions and downloads' });
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions.getByRole('listitem').first().getByText('Faster exits.')).toBeVisible();
  await expect(versions.getByRole('button', { name: 'Download (2 left)' })).toHaveCount(2);
});
