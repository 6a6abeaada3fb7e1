import type { Page } from '@playwright/test';
import { E2E_PUBLIC_URL } from '../support/e2e-shop.js';
import { startFakeWorkflow, type FakeWorkflow } from '../support/fake-workflow.js';
import { ex5File, robotZip } from '../support/robot-files.js';
import { E2E_ADMIN, expect, signedInPage, signUp, test } from './fixtures.js';
import { connectPaymentWorkflow, reportPayment } from './payment-workflow.js';

// Robot releases and automatic delivery (issue 18 §1, decision 0018): the owner publishes a
// release of a robot delivered automatically; a client buys it, pays, and the order completes by
// itself; a new release reaches the client, and My Orders shows both versions with their notes.
test.describe.configure({ mode: 'serial' });

const SECRET = `e2e-release-workflow-secret-${Date.now()}`;
const ROBOT = `E2E Released ${Date.now().toString(36)}`;
const STRATEGY = 'I trade EURUSD on a 5,000 USD account at Pepperstone; I aim for 0.5% a day, no losses so far.';

/** The back office's API takes writes from the shop's own origin only, as a browser sends them. */
const ORIGIN = { origin: E2E_PUBLIC_URL };

let workflow: FakeWorkflow;
let admin: Page;
let client: Page;
let robotId: string;

test.beforeAll(async ({ browser, request }) => {
  workflow = await startFakeWorkflow('/payment');
  workflow.answer = (incoming) => {
    if (incoming.method !== 'POST') return { status: 200, body: 'Fake payment page' };
    const { order_id: orderId } = incoming.body as { order_id: string };
    const paymentId = `PAY-${orderId.slice(0, 6)}`;
    // The client pays on the processor's page; the workflow then reports it.
    setTimeout(() => void reportPayment(SECRET, { order_id: orderId, payment_id: paymentId, status: 'paid' }), 1500);
    return {
      status: 200,
      body: { PayUrl: `${workflow.url}/pay/${orderId}`, order_id: orderId, payment_id: paymentId },
    };
  };
  admin = await signedInPage(browser, E2E_ADMIN);
  await connectPaymentWorkflow(admin, workflow.url, SECRET);
  client = await signedInPage(browser, await signUp(request, { name: 'Rita Release', label: 'release-buyer' }));
});

test.afterAll(async () => {
  await connectPaymentWorkflow(admin, '', '');
  await workflow.close();
  // The robot leaves the catalogue the other journeys browse; its orders stay.
  if (robotId) await admin.request.delete(`/api/admin/robots/${robotId}`, { headers: ORIGIN });
});

/** The robot's dialog, opened from Robot Management. */
async function editRobot(page: Page) {
  await page.goto('/RobotManagement');
  await page.getByRole('button', { name: `Edit ${ROBOT}` }).click();
  return page.getByRole('dialog', { name: 'Edit robot' });
}

/** Publishes a release from the robot's Releases section, as the owner does. */
async function publish(page: Page, version: string, notes: string, file: { name: string; buffer: Buffer }) {
  const dialog = await editRobot(page);
  const release = dialog.getByRole('region', { name: 'New release' });
  await release.getByLabel('Version *').fill(version);
  await release.getByRole('textbox', { name: 'Release notes' }).click();
  await page.keyboard.type(notes);
  await release.getByLabel('Robot file *').setInputFiles({ ...file, mimeType: 'application/octet-stream' });
  await release.getByRole('button', { name: 'Publish the release' }).click();
  await expect(page.getByText(`Version ${version} published: the robot’s owners receive it.`)).toBeVisible();
  const listed = dialog.getByRole('list', { name: 'Releases of this robot' }).getByRole('listitem').first();
  await expect(listed.getByText(`Version ${version}`)).toBeVisible();
  await expect(listed.getByText('Current')).toBeVisible();
  await expect(listed.getByText(notes)).toBeVisible();
  return dialog;
}

test('The owner publishes a release of a robot delivered automatically, then puts it on sale', async () => {
  const created = await admin.request.post('/api/admin/robots', {
    data: { name: ROBOT, price: 149, delivery: 'automatic', status: 'inactive' },
    headers: ORIGIN,
  });
  expect(created.status()).toBe(201);
  robotId = ((await created.json()) as { id: string }).id;

  // Without a release it cannot go on sale: the form says why.
  let dialog = await editRobot(admin);
  await expect(dialog.getByLabel('Delivery')).toHaveValue('automatic');
  await expect(dialog.getByText('No release yet.')).toBeVisible();
  await dialog.getByLabel('Status').selectOption({ label: 'Active' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    admin.getByText(
      'A robot delivered automatically needs a release before it can be active: upload one in its Releases section first, or save it inactive.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  dialog = await publish(admin, '1.0.0', 'First release.', { name: 'Golden Robot.ex5', buffer: ex5File() });
  await dialog.getByLabel('Status').selectOption({ label: 'Active' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(`Robot ${ROBOT} saved.`)).toBeVisible();
  expect(await (await admin.request.get(`/api/robots/${robotId}`)).json()).toMatchObject({
    status: 'active',
    delivery: 'automatic',
    current_version: '1.0.0',
  });
});

test('A client buys it and pays: the order completes by itself, and they download the robot', async () => {
  await client.goto(`/RobotDetail?robotId=${robotId}`);
  // Delivered automatically: at once after payment, not SPEC's 24H (on its page and the order's summary).
  const main = client.getByRole('main');
  await expect(main.getByText('Immediately after payment', { exact: true })).toBeVisible();
  await expect(main.getByText('24H', { exact: true })).toHaveCount(0);
  await client.getByRole('link', { name: 'Order Now' }).click();
  await expect(client.getByRole('complementary', { name: 'Order summary' })).toContainText(
    'DeliveryImmediately after payment',
  );
  await client.getByLabel('Telegram Username *').fill('@rita');
  await client.getByLabel('KNOW MORE *').fill(STRATEGY);
  await client.getByRole('checkbox').check();
  await client.getByRole('button', { name: 'Continue to Booking' }).click();
  const paymentTab = client.context().waitForEvent('page');
  await client.getByRole('button', { name: /^BOOK NOW \$/ }).click();
  await (await paymentTab).close();
  await expect(client.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({ timeout: 15_000 });

  await client.getByRole('link', { name: 'View My Orders' }).click();
  const row = client.getByRole('row').filter({ hasText: ROBOT });
  await expect(row.getByText('Completed')).toBeVisible();
  const download = client.waitForEvent('download');
  await row.getByRole('button', { name: 'Download (2 left)' }).click();
  expect((await download).suggestedFilename()).toBe('Golden Robot.ex5');
  await expect(row.getByRole('button', { name: 'Download (1 left)' })).toBeVisible();
});

test('The owner publishes a new release: the client gets it, and My Orders shows both versions with their notes', async () => {
  const dialog = await publish(admin, '1.1.0', 'Adds a news filter.', {
    name: 'Golden Robot 1.1.zip',
    buffer: robotZip(),
  });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The release reaches the order in the background: My Orders shows it once it has.
  const orders = (await (await client.request.get('/api/orders')).json()) as { id: string; robot_id: string }[];
  const orderId = orders.find((order) => order.robot_id === robotId)!.id;
  await expect
    .poll(
      async () =>
        ((await (await client.request.get(`/api/orders/${orderId}`)).json()) as { versions: unknown[] }).versions
          .length,
    )
    .toBe(2);

  await client.goto('/Dashboard');
  const row = client.getByRole('row').filter({ hasText: ROBOT });
  await row.getByRole('button', { name: 'Versions (2)' }).click();
  const versions = client.getByRole('list', { name: `Versions of ${ROBOT}` }).last();
  const [latest, first] = [versions.getByRole('listitem').nth(0), versions.getByRole('listitem').nth(1)];
  await expect(latest.getByText('Version 1.1.0')).toBeVisible();
  await expect(latest.getByText('Current')).toBeVisible();
  await expect(latest.getByText('Adds a news filter.')).toBeVisible();
  await expect(first.getByText('Version 1.0.0')).toBeVisible();
  await expect(first.getByText('First release.')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Download (1 left)' })).toBeVisible();
  const download = client.waitForEvent('download');
  await latest.getByRole('button', { name: 'Download (2 left)' }).click();
  expect((await download).suggestedFilename()).toBe('Golden Robot 1.1.zip');
  await expect(latest.getByRole('button', { name: 'Download (1 left)' })).toBeVisible();

  // The client was emailed about it.
  const detail = (await (await admin.request.get(`/api/admin/orders/${orderId}`)).json()) as {
    emails: { kind: string }[];
  };
  expect(detail.emails.map((email) => email.kind)).toEqual(
    expect.arrayContaining(['order-delivered', 'order-new-version']),
  );
});
