import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { E2E_PUBLIC_URL } from '../support/e2e-shop.js';
import { TBL_OK, TBL_REFUSED, TradeBotLicense, type RobotTerminal } from '../support/licence-robot-client.js';
import { expect, test, uniqueEmail } from './fixtures.js';

const ORIGIN = { origin: E2E_PUBLIC_URL };

/** A MetaTrader terminal on a real account, talking to the shop as a robot does (no cookie, no Origin). */
function terminal(login: number, filesFolder: string): RobotTerminal {
  return {
    login,
    server: 'Broker-Live',
    real: true,
    platform: 'MT5',
    tester: false,
    now: () => Math.floor(Date.now() / 1000),
    filesFolder,
    async webRequest(method, url, headers, _timeoutMs, data) {
      const response = await fetch(url, {
        method,
        headers: Object.fromEntries(
          headers
            .split('\r\n')
            .filter(Boolean)
            .map((line) => line.split(/:\s*/, 2) as [string, string]),
        ),
        body: data,
      });
      return { status: response.status, body: await response.text() };
    },
  };
}

/** What the robot's next validation says: ok, or the refusal code. */
async function nextValidation(robot: TradeBotLicense): Promise<string> {
  const result = await robot.Request('validate');
  if (result === TBL_OK) return 'ok';
  expect(result).toBe(TBL_REFUSED);
  return robot.LastError();
}

/** A licensed robot for sale, a client's paid order of it, and the licence the order got. */
async function arrangePaidLicence(adminRequest: APIRequestContext, clientRequest: APIRequestContext, email: string) {
  const name = `E2E Licences ${Date.now().toString(36)}`;
  const created = await adminRequest.post('/api/admin/robots', {
    data: { name, price: 149, licence_required: true, licence_real_slots: 1, licence_demo_slots: 1 },
  });
  expect(created.status()).toBe(201);
  const robotId = ((await created.json()) as { id: string }).id;
  const tab = (await (await adminRequest.get(`/api/admin/robots/${robotId}/licence`)).json()) as {
    ea_secret: string;
  };

  const order = await clientRequest.post('/api/orders', {
    headers: ORIGIN,
    data: {
      robot_id: robotId,
      telegram_username: '@licensed_trader',
      strategy_instructions: 'EURUSD on a 10,000 USD account, 1% risk per trade, no martingale, London session.',
      terms_accepted: true,
    },
  });
  expect(order.status()).toBe(201);
  const orderId = ((await order.json()) as { id: string }).id;
  // The owner records the payment by hand: the order is paid and its licence issued.
  expect((await adminRequest.patch(`/api/admin/orders/${orderId}`, { data: { status: 'paid' } })).status()).toBe(200);

  const found = (await (await adminRequest.get(`/api/admin/licences?${new URLSearchParams({ q: email })}`)).json()) as {
    items: { id: string; key_suffix: string }[];
  };
  expect(found.items).toHaveLength(1);
  const licence = found.items[0]!;
  // The key the client copies from their licence page and pastes into the robot's input.
  const { key } = (await (await adminRequest.get(`/api/admin/licences/${licence.id}`)).json()) as { key: string };
  return { robotId, name, eaSecret: tab.ea_secret, key, masked: `TB-…-${licence.key_suffix}` };
}

test('Owners find a licence by the client’s email, see the robot’s account, revoke it and reinstate it', async ({
  adminPage: page,
  adminRequest,
  playwright,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('licensee');
  const clientRequest = await playwright.request.newContext({ extraHTTPHeaders: ORIGIN });
  const client = { name: 'Lena Licensee', email, password: 'licensee-password-1' };
  expect((await clientRequest.post('/api/auth/sign-up/email', { data: client })).status()).toBe(200);
  const arranged = await arrangePaidLicence(adminRequest, clientRequest, email);
  const files = mkdtempSync(path.join(tmpdir(), 'tradebot-terminal-'));
  try {
    // The client's robot starts on their real account and activates the licence.
    const login = 40_000_000 + Math.floor(Math.random() * 1_000_000);
    const robot = new TradeBotLicense(terminal(login, files));
    robot.Init(`${E2E_PUBLIC_URL}/api/licenses`, arranged.robotId, arranged.eaSecret, arranged.key, '2.0.1');
    expect(await robot.Check()).toBe(true);

    // The owner opens Licences from the Admin menu and finds it by the client's email.
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Admin', exact: true }).click();
    await header.getByRole('link', { name: 'Licences', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Licences' })).toBeVisible();
    await page.getByLabel('Search', { exact: true }).fill(email);
    const table = page.getByRole('region', { name: 'Licences' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(arranged.name);
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Real 1/1');
    await expect(row).toContainText('Demo 0/1');
    // The list shows only the key's last group.
    await expect(table).not.toContainText(arranged.key);

    await row.getByRole('button', { name: `Details of licence ${arranged.masked}` }).click();
    const dialog = page.getByRole('dialog', { name: `Licence ${arranged.masked}` });
    await expect(dialog.getByText(arranged.key, { exact: true })).toBeVisible();
    const accounts = dialog.getByRole('region', { name: 'Accounts' });
    await expect(accounts.getByRole('listitem')).toHaveCount(1);
    await expect(accounts.getByRole('listitem')).toContainText(String(login));
    await expect(accounts.getByRole('listitem')).toContainText('Broker-Live');
    await expect(accounts.getByRole('listitem')).toContainText('MT5 2.0.1');
    await expect(accounts.getByRole('listitem')).toContainText('In use');
    const checks = dialog.getByRole('region', { name: "The robot's checks" });
    await expect(checks.getByRole('listitem').first()).toContainText(/Activation.*accepted/);

    // Revoke, with a reason: the robot's next validation is refused.
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    const revoke = page.getByRole('alertdialog', { name: `Revoke licence ${arranged.masked}?` });
    await revoke.getByLabel(/^Reason/).fill('Shared on a forum');
    await revoke.getByRole('button', { name: 'Revoke the licence' }).click();
    await expect(revoke).toBeHidden();
    await expect(page.getByText(`Licence ${arranged.masked} revoked.`)).toBeVisible();
    await expect(dialog.getByText('Revoked by an administrator')).toBeVisible();
    await expect(dialog.getByText('Shared on a forum')).toBeVisible();
    expect(await nextValidation(robot)).toBe('revoked');

    // Reinstate: accepted again.
    await dialog.getByRole('button', { name: 'Reinstate', exact: true }).click();
    const reinstate = page.getByRole('alertdialog', { name: `Reinstate licence ${arranged.masked}?` });
    await reinstate.getByRole('button', { name: 'Reinstate the licence' }).click();
    await expect(reinstate).toBeHidden();
    await expect(page.getByText(`Licence ${arranged.masked} reinstated.`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Revoke', exact: true })).toBeVisible();
    expect(await nextValidation(robot)).toBe('ok');
    // The refused check is in the licence's log, the newest first.
    await expect(checks.getByRole('listitem').first()).toContainText(/Validation.*refused: revoked/);

    // Both actions are in the activity log.
    const activity = (await (await adminRequest.get('/api/admin/audit?resource=licence&pageSize=100')).json()) as {
      rows: { action: string; summary: string }[];
    };
    const mine = activity.rows.filter((entry) => entry.summary.startsWith(arranged.masked));
    expect(mine.map((entry) => entry.action)).toEqual(['reinstate', 'revoke']);
  } finally {
    rmSync(files, { recursive: true, force: true });
    await adminRequest.delete(`/api/admin/robots/${arranged.robotId}`);
    await clientRequest.dispose();
  }
});
