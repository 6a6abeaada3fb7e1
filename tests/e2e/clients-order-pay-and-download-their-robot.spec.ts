import type { Page } from '@playwright/test';
import { shortOrderNumber } from '../../src/shared/order-number.js';
import { E2E_PUBLIC_URL } from '../support/e2e-shop.js';
import { startFakeWorkflow, type FakeWorkflow } from '../support/fake-workflow.js';
import { elfBinary, zipOfSize } from '../support/robot-files.js';
import { E2E_ADMIN, expect, signedInPage, signUp, test } from './fixtures.js';
import { connectPaymentWorkflow, reportPayment } from './payment-workflow.js';

test.describe.configure({ mode: 'serial' });

const SECRET = `e2e-payment-workflow-secret-${Date.now()}`;
const STRATEGY = 'I trade XAUUSD on a 10,000 USD account at IC Markets; I aim for 1% a day and lost 20% last year.';

let workflow: FakeWorkflow;
/** What the fake payment workflow reports for the next payment, a moment after answering. */
let nextOutcome: 'paid' | 'failed' = 'paid';

let client: Page;
let admin: Page;

test.beforeAll(async ({ browser, request }) => {
  workflow = await startFakeWorkflow('/payment');
  workflow.answer = (request) => {
    // The payment tab the order page opens.
    if (request.method !== 'POST') return { status: 200, body: 'Fake payment page' };
    const { order_id: orderId } = request.body as { order_id: string };
    const paymentId = `PAY-${orderId.slice(0, 6)}-${workflow.requests.length}`;
    const outcome = nextOutcome;
    // The payment page is somewhere else; the client pays there, the workflow then reports.
    setTimeout(
      () =>
        void reportPayment(SECRET, {
          order_id: orderId,
          payment_id: paymentId,
          status: outcome === 'paid' ? 'confirmed' : 'expired',
        }),
      4000,
    );
    return {
      status: 200,
      body: { PayUrl: `${workflow.url}/pay/${orderId}`, order_id: orderId, payment_id: paymentId },
    };
  };
  admin = await signedInPage(browser, E2E_ADMIN);
  await connectPaymentWorkflow(admin, workflow.url, SECRET);
  client = await signedInPage(browser, await signUp(request, { name: 'Bruno Buyer', label: 'buyer' }));
});

test.afterAll(async () => {
  await connectPaymentWorkflow(admin, '', '');
  await workflow.close();
});

async function orderFirstRobot(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByRole('link', { name: 'BOOK YOUR AI NOW !' }).first().click();
  await page.getByRole('link', { name: 'Order Now' }).click();
  await expect(page.getByRole('heading', { name: 'Configuration', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Booking' }).click();
  await expect(page.getByText('Telegram username is required')).toBeVisible();
  await expect(page.getByText('Strategy instructions are required')).toBeVisible();
  const telegram = page.getByLabel('Telegram Username *');
  await telegram.fill('bruno');
  await expect(page.getByText('Telegram username is required')).toBeHidden();
  await page.getByLabel('KNOW MORE *').fill(STRATEGY);
  await expect(page.getByText(`${STRATEGY.length}/1000`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Booking' }).click();
  await expect(page.getByText('Username must start with @')).toBeVisible();
  await telegram.fill('@bruno');
  await expect(page.getByRole('link', { name: 'Terms', exact: true })).toHaveAttribute('href', '/Terms');
  await expect(page.getByRole('link', { name: 'Risk disclosure', exact: true })).toHaveAttribute(
    'href',
    '/RiskDisclosure',
  );
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue to Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Crypto Payment' })).toBeVisible();
  await expect(page).toHaveURL(/orderId=/);
  return new URL(page.url()).searchParams.get('orderId')!;
}

async function book(page: Page) {
  const paymentTab = page.context().waitForEvent('page');
  await page.getByRole('button', { name: /^BOOK NOW \$/ }).click();
  await (await paymentTab).close();
  await expect(page.getByRole('heading', { name: 'Payment in Progress' })).toBeVisible();
  await expect(page.getByText('Waiting for Booking confirmation...')).toBeVisible();
}

test('A client orders a robot and the payment confirms live, without a reload', async () => {
  nextOutcome = 'paid';
  const orderId = await orderFirstRobot(client);
  await book(client);
  await expect(client.getByRole('link', { name: 'Re-open Payment Page' })).toHaveAttribute(
    'href',
    `${workflow.url}/pay/${orderId}`,
  );
  await expect(client.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({ timeout: 10_000 });
  await expect(client.getByText(`#${shortOrderNumber(orderId)}`)).toBeVisible();
  await expect(
    client.getByText('A Telegram confirmation with delivery instructions will be sent to @bruno.'),
  ).toBeVisible();
  // The payload reached the workflow from the server, with the price from the robot.
  expect(workflow.requests.filter((request) => request.method === 'POST').at(-1)!.body).toMatchObject({
    order_id: orderId,
    action: 'create_payment',
    currency: 'USD',
    telegram_username: '@bruno',
  });
});

test('With the event stream blocked, the order page still learns the payment by polling', async () => {
  test.setTimeout(60_000);
  nextOutcome = 'paid';
  await client.route('**/api/orders/*/events', (route) => route.abort());
  try {
    await orderFirstRobot(client);
    await book(client);
    await expect(client.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({ timeout: 30_000 });
  } finally {
    await client.unroute('**/api/orders/*/events');
  }
});

test('A failed payment shows Payment Failed, and Retry Booking pays the same order', async () => {
  nextOutcome = 'failed';
  const orderId = await orderFirstRobot(client);
  await book(client);
  await expect(client.getByRole('heading', { name: 'Payment Failed' })).toBeVisible({ timeout: 10_000 });
  nextOutcome = 'paid';
  await client.getByRole('button', { name: 'Retry Booking' }).click();
  await book(client);
  await expect(client.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({ timeout: 10_000 });
  expect(new URL(client.url()).searchParams.get('orderId')).toBe(orderId);
  // A reload keeps the same order.
  await client.reload();
  await expect(client.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
});

test('An administrator delivers the file with a progress bar; the client downloads it twice, then sees the limit', async () => {
  const orders = (await (await client.request.get('/api/orders')).json()) as { id: string; status: string }[];
  const orderId = orders.find((order) => order.status === 'paid')!.id;
  const number = shortOrderNumber(orderId);

  await admin.goto('/Dashboard');
  await expect(admin.getByRole('heading', { name: 'Order Management' })).toBeVisible();
  await expect(admin.getByText('Total Revenue')).toBeVisible();
  await admin.getByLabel('Search').fill(number);
  const row = admin.getByRole('row').filter({ hasText: `#${number}` });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Upload' }).click();
  const dialog = admin.getByRole('dialog', { name: `Upload the robot for order #${number}` });
  // A slow uplink, so that the progress of a few megabytes is there to see.
  const cdp = await admin.context().newCDPSession(admin);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'Golden Bot.zip', mimeType: 'application/zip', buffer: zipOfSize(3 * 1024 * 1024) });
  await dialog.getByRole('button', { name: 'Confirm and deliver' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(row.getByRole('combobox')).toHaveValue('completed');
  await expect(row.getByRole('button', { name: 'New version' })).toBeVisible();

  await client.context().addCookies([{ name: 'lang', value: 'fr', url: E2E_PUBLIC_URL }]);
  await client.goto('/Dashboard');
  await expect(client.getByRole('heading', { name: 'Mes Commandes' })).toBeVisible();
  const line = client.getByRole('row').filter({ hasText: `#${number}` });
  await expect(line.getByText('Terminé')).toBeVisible();
  for (const remaining of [2, 1]) {
    const download = client.waitForEvent('download');
    await line.getByRole('button', { name: new RegExp(`Télécharger \\(${remaining} restants?\\)`) }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Golden Bot.zip');
  }
  await expect(line.getByRole('button', { name: 'Limite atteinte' })).toBeDisabled();
});

test('An administrator replacing the file with a program disguised as source sees why it is refused', async () => {
  const orders = (await (await client.request.get('/api/orders')).json()) as { id: string; status: string }[];
  const orderId = orders.find((order) => order.status === 'completed')!.id;
  const number = shortOrderNumber(orderId);
  await admin.goto('/Dashboard');
  await admin.getByLabel('Search').fill(number);
  const row = admin.getByRole('row').filter({ hasText: `#${number}` });
  await row.getByRole('button', { name: 'New version' }).click();
  const dialog = admin.getByRole('dialog', { name: `Upload the robot for order #${number}` });
  // A file of another type is named at once, before anything is sent.
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a robot') });
  await expect(dialog.getByText('Accepted files: .zip, .py, .mq4, .mq5, .ex4, .ex5.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm and deliver' })).toBeDisabled();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'Golden Bot.mq4', mimeType: 'application/octet-stream', buffer: elfBinary() });
  await expect(dialog.getByText('Accepted files: .zip, .py, .mq4, .mq5, .ex4, .ex5.')).toBeHidden();
  await dialog.getByRole('button', { name: 'Confirm and deliver' }).click();
  await expect(
    dialog.getByText(
      'An error occurred during the upload: This is not source code: a .mq4, .mq5 or .py file must be text, in UTF-8 or in UTF-16 as MetaEditor saves it.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The delivered file stays.
  const order = (await (await client.request.get(`/api/orders/${orderId}`)).json()) as { file_name: string };
  expect(order.file_name).toBe('Golden Bot.zip');
});
