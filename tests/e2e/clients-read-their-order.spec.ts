import type { Page } from '@playwright/test';
import { shortOrderNumber } from '../../src/shared/order-number.js';
import { E2E_PUBLIC_URL } from '../support/e2e-shop.js';
import { startFakeWorkflow, type FakeWorkflow } from '../support/fake-workflow.js';
import { zipOfSize } from '../support/robot-files.js';
import { E2E_ADMIN, expect, signedInPage, signUp, test } from './fixtures.js';
import { connectPaymentWorkflow, reportPayment } from './payment-workflow.js';

// Issue 19 §5: the price in My Orders with the total paid, the order's detail page (amounts,
// payment id, timeline, files, live), and the amount in the owner's Order Management.
test.describe.configure({ mode: 'serial' });

const SECRET = `e2e-order-detail-secret-${Date.now()}`;
const STRATEGY = 'I trade EURUSD on a 5,000 USD account at Pepperstone; I aim for 0.5% a day and never use a grid.';

let workflow: FakeWorkflow;
let client: Page;
let admin: Page;
let robot: { id: string; name: string; price: number; slug: string };
let orderId = '';

test.beforeAll(async ({ browser, request }) => {
  workflow = await startFakeWorkflow('/payment');
  workflow.answer = (request) => {
    if (request.method !== 'POST') return { status: 200, body: 'Fake payment page' };
    const { order_id: id } = request.body as { order_id: string };
    return { status: 200, body: { PayUrl: `${workflow.url}/pay/${id}`, payment_id: `PAY-DETAIL-${id.slice(0, 6)}` } };
  };
  admin = await signedInPage(browser, E2E_ADMIN);
  await connectPaymentWorkflow(admin, workflow.url, SECRET);
  client = await signedInPage(browser, await signUp(request, { name: 'Dora Detail', label: 'detail' }));
  const robots = (await (await client.request.get('/api/robots')).json()) as (typeof robot)[];
  // A price above the payment tolerance ($1), so that a payment 50 cents short still pays it.
  robot = robots.find((candidate) => candidate.price > 10)!;
});

test.afterAll(async () => {
  await connectPaymentWorkflow(admin, '', '');
  await workflow.close();
});

const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

test('A client opens an unpaid order, sees the payment arrive live with its amount, then the delivery and downloads', async () => {
  test.setTimeout(60_000);
  await client.goto(`/OrderForm?robotId=${robot.id}`);
  await client.getByLabel('Telegram Username *').fill('@dora');
  await client.getByLabel('KNOW MORE *').fill(STRATEGY);
  await client.getByRole('checkbox').check();
  await client.getByRole('button', { name: 'Continue to Booking' }).click();
  await expect(client.getByRole('heading', { name: 'Crypto Payment' })).toBeVisible();
  orderId = new URL(client.url()).searchParams.get('orderId')!;
  const paymentTab = client.context().waitForEvent('page');
  await client.getByRole('button', { name: /^BOOK NOW \$/ }).click();
  await (await paymentTab).close();
  await expect(client.getByRole('heading', { name: 'Payment in Progress' })).toBeVisible();
  const number = shortOrderNumber(orderId);

  // My Orders: the price, and no total yet (an unpaid order is not counted).
  await client.goto('/Dashboard');
  const row = client.getByRole('row').filter({ hasText: `#${number}` });
  await expect(row.getByRole('cell', { name: usd(robot.price) })).toBeVisible();
  await expect(client.getByText('Total paid: $0.00')).toBeVisible();
  await row.getByRole('link', { name: `Details of order #${number}` }).click();

  await expect(client).toHaveURL(`${E2E_PUBLIC_URL}/OrderDetail?orderId=${orderId}`);
  await expect(client).toHaveTitle(/^Order details/);
  await expect(client.getByRole('heading', { name: `Order #${number}`, level: 1 })).toBeVisible();
  await expect(client.getByRole('link', { name: robot.name })).toHaveAttribute('href', `/robots/${robot.slug}`);
  const facts = client.getByRole('definition');
  await expect(facts.filter({ hasText: 'Awaiting payment' })).toBeVisible();
  await expect(facts.filter({ hasText: `PAY-DETAIL-${orderId.slice(0, 6)}` })).toBeVisible();
  await expect(client.getByText('No file has been delivered for this order yet.')).toBeVisible();
  const timeline = client.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Order placed')).toBeVisible();

  // The workflow reports the payment, 50 cents short (within the tolerance): the page follows without a reload.
  const paid = Math.round((robot.price - 0.5) * 100) / 100;
  const report = await reportPayment(SECRET, {
    order_id: orderId,
    payment_id: `PAY-DETAIL-${orderId.slice(0, 6)}`,
    status: 'confirmed',
    amount_paid: paid,
    currency: 'USD',
  });
  expect(report.status).toBe('paid');
  await expect(timeline.getByText('Update from the payment provider')).toBeVisible({ timeout: 15_000 });
  await expect(facts.filter({ hasText: usd(paid) })).toBeVisible();
  await expect(timeline.getByText(`Amount: ${usd(paid)}`)).toBeVisible();

  // The owner sees the price and what was paid in Order Management, then delivers the file.
  await admin.goto('/Dashboard');
  await admin.getByLabel('Search').fill(number);
  const adminRow = admin.getByRole('row').filter({ hasText: `#${number}` });
  await expect(adminRow).toHaveCount(1);
  const amountCell = adminRow.getByRole('cell').filter({ hasText: `paid ${usd(paid)}` });
  await expect(amountCell).toHaveText(`${usd(robot.price)}paid ${usd(paid)}`);
  await adminRow.getByRole('button', { name: 'Upload' }).click();
  const dialog = admin.getByRole('dialog', { name: `Upload the robot for order #${number}` });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'Detail Bot.zip', mimeType: 'application/zip', buffer: zipOfSize(64 * 1024) });
  await dialog.getByRole('button', { name: 'Confirm and deliver' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  // The client's page shows the delivery as it happens, and downloads from it.
  await expect(timeline.getByText('Robot file delivered')).toBeVisible({ timeout: 15_000 });
  await expect(facts.filter({ hasText: 'Completed' })).toBeVisible();
  const download = client.waitForEvent('download');
  await client.getByRole('button', { name: 'Download (2 left)' }).click();
  expect((await download).suggestedFilename()).toBe('Detail Bot.zip');
  await expect(client.getByRole('button', { name: 'Download (1 left)' })).toBeVisible();

  // Back in My Orders, the paid order counts in the total, at its price.
  await client.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(client.getByText(`Total paid: ${usd(robot.price)}`)).toBeVisible();
  await expect(client.getByText('1 paid, in-progress or completed order.', { exact: false })).toBeVisible();
});

test("An order with a licence shows the licence's status and the way to its page", async ({ adminRequest }) => {
  const name = `Detail Licensed ${Date.now()}`;
  const created = await adminRequest.post('/api/admin/robots', {
    data: { name, price: 120, licence_required: true, licence_duration_days: null },
  });
  expect(created.status()).toBe(201);
  const licensed = (await created.json()) as { id: string };
  try {
    const placed = await client.request.post('/api/orders', {
      data: {
        robot_id: licensed.id,
        telegram_username: '@dora',
        strategy_instructions: STRATEGY,
        terms_accepted: true,
      },
      headers: { origin: E2E_PUBLIC_URL },
    });
    expect(placed.status()).toBe(201);
    const { id } = (await placed.json()) as { id: string };
    expect((await reportPayment(SECRET, { order_id: id, status: 'confirmed', amount_paid: 120 })).status).toBe('paid');

    await client.goto(`/OrderDetail?orderId=${id}`);
    const licence = client.getByRole('region', { name: 'Licence' });
    await expect(licence.getByText('Active')).toBeVisible();
    await expect(licence.getByText('For life')).toBeVisible();
    await expect(licence.getByRole('link', { name: 'Open the licence' })).toHaveAttribute(
      'href',
      `/OrderLicence?orderId=${id}`,
    );
    await expect(client.getByRole('definition').filter({ hasText: '$120.00' })).toHaveCount(2);
  } finally {
    await adminRequest.delete(`/api/admin/robots/${licensed.id}`);
  }
});

test('The detail page reads in French, and another client finds no such order', async ({ browser, request }) => {
  await client.context().addCookies([{ name: 'lang', value: 'fr', url: E2E_PUBLIC_URL }]);
  await client.goto(`/OrderDetail?orderId=${orderId}`);
  const number = shortOrderNumber(orderId);
  await expect(client.getByRole('heading', { name: `Commande n° ${number}`, level: 1 })).toBeVisible();
  await expect(client.getByRole('region', { name: 'Historique' }).getByText('Fichier du robot livré')).toBeVisible();
  await expect(client.getByRole('definition').filter({ hasText: 'Terminé' })).toBeVisible();
  await expect(client.getByRole('button', { name: 'Télécharger (1 restant)' })).toBeVisible();

  const stranger = await signedInPage(browser, await signUp(request, { label: 'stranger' }));
  await stranger.goto(`/OrderDetail?orderId=${orderId}`);
  await expect(stranger.getByText('Order not found.')).toBeVisible();
  await expect(stranger.getByText('Detail Bot.zip')).toHaveCount(0);
  await stranger.context().close();
});
