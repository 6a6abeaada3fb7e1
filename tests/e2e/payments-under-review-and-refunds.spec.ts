import type { Page } from '@playwright/test';
import { shortOrderNumber } from '../../src/shared/order-number.js';
import { E2E_PUBLIC_URL } from '../support/e2e-shop.js';
import { startFakeWorkflow, type FakeWorkflow } from '../support/fake-workflow.js';
import { robotZip } from '../support/robot-files.js';
import { E2E_ADMIN, expect, signedInPage, signUp, test } from './fixtures.js';
import { connectPaymentWorkflow, reportPayment } from './payment-workflow.js';

test.describe.configure({ mode: 'serial' });

const SECRET = `e2e-review-workflow-secret-${Date.now()}`;
const STRATEGY = 'I trade EURUSD on a 5,000 USD account at Pepperstone; I aim for 0.5% a day, no martingale.';

let workflow: FakeWorkflow;

/** The order and the payment id the fake workflow gave it. */
const paymentOf = (orderId: string) => ({ order_id: orderId, payment_id: `PAY-${orderId.slice(0, 6)}` });
let client: Page;
let admin: Page;
let robot: { id: string; price: number };

test.beforeAll(async ({ browser, request }) => {
  workflow = await startFakeWorkflow('/payment');
  workflow.answer = (request) => {
    if (request.method !== 'POST') return { status: 200, body: 'Fake payment page' };
    const { order_id: orderId } = request.body as { order_id: string };
    return {
      status: 200,
      body: { PayUrl: `${workflow.url}/pay/${orderId}`, payment_id: `PAY-${orderId.slice(0, 6)}` },
    };
  };
  admin = await signedInPage(browser, E2E_ADMIN);
  await connectPaymentWorkflow(admin, workflow.url, SECRET);
  client = await signedInPage(browser, await signUp(request, { name: 'Paula Partial', label: 'reviewed' }));
  const robots = (await (await client.request.get('/api/robots')).json()) as { id: string; price: number }[];
  robot = robots.find((candidate) => candidate.price > 20)!;
});

test.afterAll(async () => {
  await connectPaymentWorkflow(admin, '', '');
  await workflow.close();
});

/** Orders the robot through the wizard and books the payment; answers the order's id. */
async function orderAndBook(page: Page): Promise<string> {
  await page.goto(`/OrderForm?robotId=${robot.id}`);
  await page.getByLabel('Telegram Username *').fill('@paula');
  await page.getByLabel('KNOW MORE *').fill(STRATEGY);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue to Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Crypto Payment' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  const paymentTab = page.context().waitForEvent('page');
  await page.getByRole('button', { name: /^BOOK NOW \$/ }).click();
  await (await paymentTab).close();
  await expect(page.getByRole('heading', { name: 'Payment in Progress' })).toBeVisible();
  return orderId;
}

/** Delivers a robot file from the dashboard's order table, as the owner does. */
async function deliverFromDashboard(number: string, fileName: string) {
  await admin.goto('/Dashboard');
  await admin.getByLabel('Search').fill(number);
  const row = admin.getByRole('row').filter({ hasText: `#${number}` });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Upload' }).click();
  const dialog = admin.getByRole('dialog', { name: `Upload the robot for order #${number}` });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: fileName, mimeType: 'application/zip', buffer: robotZip() });
  await dialog.getByRole('button', { name: 'Confirm and deliver' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(row.getByRole('combobox')).toHaveValue('completed');
}

test('A partial payment shows Payment under review to the client; the owner marks it paid; the client downloads', async () => {
  const orderId = await orderAndBook(client);
  const number = shortOrderNumber(orderId);
  const short = robot.price - 10;
  expect(
    (
      await reportPayment(SECRET, {
        ...paymentOf(orderId),
        status: 'paid',
        amount_paid: short.toFixed(2),
        currency: 'USD',
      })
    ).status,
  ).toBe('needs_review');
  // The waiting page learns it live.
  await expect(client.getByRole('heading', { name: 'Payment under review' })).toBeVisible({ timeout: 10_000 });
  await client.goto('/Dashboard');
  const line = client.getByRole('row').filter({ hasText: `#${number}` });
  await expect(line.getByText('Payment under review')).toBeVisible();
  await client.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'FR' }).click();
  await expect(line.getByText('Paiement en cours de vérification')).toBeVisible();
  await client.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'EN' }).click();
  await expect(line.getByText('Payment under review')).toBeVisible();

  // The owner finds it at the top of the dashboard, with both amounts.
  await admin.goto('/Dashboard');
  const queue = admin.getByRole('region', { name: '1 payment to review' });
  await expect(queue).toBeVisible();
  const usd = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(queue.getByText(usd(robot.price))).toBeVisible();
  await expect(queue.getByText(usd(short))).toBeVisible();
  await expect(queue.getByText('Underpaid')).toBeVisible();
  await queue.getByRole('button', { name: `Review the payment of order #${number}` }).click();
  const detail = admin.getByRole('dialog', { name: `Order #${number}` });
  await detail.getByRole('button', { name: 'Mark paid' }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Mark order #${number} paid` });
  await confirm.getByRole('button', { name: 'Mark paid' }).click();
  await expect(confirm.getByText('Please say why this payment counts as paid.')).toBeVisible();
  const note = 'The client sent the missing 10 USDT; seen on the chain.';
  await confirm.getByLabel('Note (required): why this payment counts').fill(note);
  await confirm.getByRole('button', { name: 'Mark paid' }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.getByText(note)).toBeVisible();
  await expect(detail.getByText('Needs review → Paid')).toBeVisible();
  await admin.keyboard.press('Escape');
  await expect(admin.getByRole('region', { name: /payments? to review/ })).toBeHidden();

  await deliverFromDashboard(number, 'Partial Bot.zip');

  await client.goto('/Dashboard');
  await expect(line.getByText('Completed')).toBeVisible();
  const download = client.waitForEvent('download');
  await line.getByRole('button', { name: /Download \(2 left\)/ }).click();
  expect((await download).suggestedFilename()).toBe('Partial Bot.zip');
});

test("Refunded after delivery: the client's download link dies and the order shows Refunded", async () => {
  const orderId = await orderAndBook(client);
  const number = shortOrderNumber(orderId);
  expect(
    (await reportPayment(SECRET, { ...paymentOf(orderId), status: 'paid', amount_paid: robot.price })).status,
  ).toBe('paid');
  await expect(client.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({ timeout: 10_000 });
  await deliverFromDashboard(number, 'Refunded Bot.zip');

  // The client asks for a link: it works, without a session too.
  const link = await client.request.post(`/api/orders/${orderId}/download`, { headers: { origin: E2E_PUBLIC_URL } });
  expect(link.status()).toBe(200);
  const { url } = (await link.json()) as { url: string };
  expect((await fetch(url)).status).toBe(200);

  // The owner refunds the order from its detail.
  const row = admin.getByRole('row').filter({ hasText: `#${number}` });
  await row.getByRole('button', { name: `Details of order #${number}` }).click();
  const detail = admin.getByRole('dialog', { name: `Order #${number}` });
  await detail.getByRole('button', { name: 'Refund' }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Refund order #${number}` });
  await confirm.getByLabel('Note (optional)').fill('Refund policy: asked within 14 days.');
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.getByText('Completed → Refunded')).toBeVisible();
  await admin.keyboard.press('Escape');
  await expect(row.getByText('Refunded')).toBeVisible();

  // The link the client already holds now answers an error.
  const dead = await fetch(url);
  expect(dead.status).toBe(403);
  expect(((await dead.json()) as { error: { message: string } }).error.message).toBe(
    'This order can no longer be downloaded.',
  );
  await client.goto('/Dashboard');
  const line = client.getByRole('row').filter({ hasText: `#${number}` });
  await expect(line.getByText('Refunded')).toBeVisible();
  await expect(line.getByRole('button', { name: /Download/ })).toHaveCount(0);
  await client.goto(`/OrderForm?robotId=${robot.id}&orderId=${orderId}`);
  await expect(client.getByRole('heading', { name: 'Order refunded' })).toBeVisible();
});
