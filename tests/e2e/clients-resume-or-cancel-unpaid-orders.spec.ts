import { expect, test, type Browser, type Page } from '@playwright/test';
import { shortOrderNumber } from '../../src/shared/order-number.js';
import { E2E_ADMIN, E2E_PUBLIC_URL } from '../support/e2e-shop.js';
import { startFakeWorkflow, type FakeWorkflow } from '../support/fake-workflow.js';
import { connectPaymentWorkflow, reportPayment } from './payment-workflow.js';

// better-auth accepts sign-in only from its PUBLIC_URL origin (http://localhost:<port>).
const BASE = E2E_PUBLIC_URL;
test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

const SECRET = `e2e-unpaid-workflow-secret-${Date.now()}`;
const STRATEGY = 'I trade GBPUSD on a 3,000 USD account at IC Markets; I aim for 0.3% a day, no grid, no martingale.';

let workflow: FakeWorkflow;
let client: Page;
let admin: Page;
let robots: { id: string; name: string }[];

async function signedInPage(browser: Browser, email: string, password: string, signUpName?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  const headers = { origin: BASE };
  if (signUpName)
    expect(
      (
        await page.request.post('/api/auth/sign-up/email', { data: { email, password, name: signUpName }, headers })
      ).status(),
    ).toBe(200);
  expect((await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers })).status()).toBe(
    200,
  );
  return page;
}

test.beforeAll(async ({ browser }) => {
  workflow = await startFakeWorkflow('/payment');
  workflow.answer = (request) => {
    if (request.method !== 'POST') return { status: 200, body: 'Fake payment page' };
    const { order_id: orderId } = request.body as { order_id: string };
    return {
      status: 200,
      body: {
        PayUrl: `${workflow.url}/pay/${orderId}/${workflow.requests.length}`,
        payment_id: `PAY-${orderId.slice(0, 6)}`,
      },
    };
  };
  admin = await signedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await connectPaymentWorkflow(admin, workflow.url, SECRET);
  client = await signedInPage(browser, `unpaid-${Date.now()}@example.com`, 'buyer-password-1', 'Ulla Unpaid');
  robots = (await (await client.request.get('/api/robots')).json()) as { id: string; name: string }[];
  expect(robots.length).toBeGreaterThanOrEqual(3);
});

test.afterAll(async () => {
  await connectPaymentWorkflow(admin, '', '');
  await workflow.close();
});

/** Orders the robot through the wizard, books the payment and leaves it unpaid; answers the order's id. */
async function orderAndLeaveUnpaid(robotId: string): Promise<string> {
  await client.goto(`/OrderForm?robotId=${robotId}`);
  await client.getByLabel('Telegram Username *').fill('@ulla');
  await client.getByLabel('KNOW MORE *').fill(STRATEGY);
  await client.getByRole('checkbox').check();
  await client.getByRole('button', { name: 'Continue to Booking' }).click();
  await expect(client.getByRole('heading', { name: 'Crypto Payment' })).toBeVisible();
  const orderId = new URL(client.url()).searchParams.get('orderId')!;
  const paymentTab = client.context().waitForEvent('page');
  await client.getByRole('button', { name: /^BOOK NOW \$/ }).click();
  await (await paymentTab).close();
  await expect(client.getByRole('heading', { name: 'Payment in Progress' })).toBeVisible();
  return orderId;
}

const myOrder = (orderId: string) => client.getByRole('row').filter({ hasText: `#${shortOrderNumber(orderId)}` });

test('A client leaves an order unpaid, resumes it from My Orders and pays', async () => {
  const orderId = await orderAndLeaveUnpaid(robots[0]!.id);
  const asked = workflow.requests.filter((request) => request.method === 'POST').length;

  await client.goto('/Dashboard');
  const row = myOrder(orderId);
  await expect(row.getByText('Awaiting payment')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const paymentTab = client.context().waitForEvent('page');
  await row.getByRole('button', { name: 'Resume payment' }).click();
  // The order's payment page opens again (the workflow is not asked for another one) ...
  const tab = await paymentTab;
  await expect.poll(() => tab.url()).toContain(`/pay/${orderId}/`);
  await tab.close();
  expect(workflow.requests.filter((request) => request.method === 'POST')).toHaveLength(asked);
  // ... and this tab is the order's wizard, waiting for the payment.
  await expect(client.getByRole('heading', { name: 'Payment in Progress' })).toBeVisible();
  expect(new URL(client.url()).searchParams.get('orderId')).toBe(orderId);
  await expect(client.getByText(orderId)).toBeVisible();

  expect(
    (await reportPayment(SECRET, { order_id: orderId, status: 'paid', payment_id: `PAY-${orderId.slice(0, 6)}` }))
      .status,
  ).toBe('paid');
  await expect(client.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({ timeout: 10_000 });
  await client.goto('/Dashboard');
  await expect(myOrder(orderId).getByText('Paid')).toBeVisible();
  await expect(myOrder(orderId).getByRole('button', { name: 'Resume payment' })).toHaveCount(0);
});

test('A failed order resumes with a new payment page from My Orders', async () => {
  const orderId = await orderAndLeaveUnpaid(robots[1]!.id);
  expect(
    (await reportPayment(SECRET, { order_id: orderId, status: 'expired', payment_id: `PAY-${orderId.slice(0, 6)}` }))
      .status,
  ).toBe('failed');
  const asked = workflow.requests.filter((request) => request.method === 'POST').length;
  await client.goto('/Dashboard');
  const row = myOrder(orderId);
  await expect(row.getByText('Failed')).toBeVisible();
  const paymentTab = client.context().waitForEvent('page');
  await row.getByRole('button', { name: 'Resume payment' }).click();
  await (await paymentTab).close();
  await expect(client.getByRole('heading', { name: 'Payment in Progress' })).toBeVisible();
  expect(workflow.requests.filter((request) => request.method === 'POST')).toHaveLength(asked + 1);
});

test('Another unpaid order is cancelled from My Orders, after a confirmation', async () => {
  const orderId = await orderAndLeaveUnpaid(robots[2]!.id);
  const number = shortOrderNumber(orderId);
  await client.goto('/Dashboard');
  const row = myOrder(orderId);
  await row.getByRole('button', { name: 'Cancel' }).click();
  const dialog = client.getByRole('alertdialog', { name: `Cancel order #${number}?` });
  await expect(dialog.getByText('If you have already sent the payment, keep the order')).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep the order' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Awaiting payment')).toBeVisible();

  await row.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Cancelled')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Resume payment' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  // The owner sees who cancelled it on the order's timeline.
  await admin.goto('/Dashboard');
  await admin.getByLabel('Search').fill(number);
  const adminRow = admin.getByRole('row').filter({ hasText: `#${number}` });
  await adminRow.getByRole('button', { name: `Details of order #${number}` }).click();
  const detail = admin.getByRole('dialog', { name: `Order #${number}` });
  await expect(detail.getByText('cancelled by the client')).toBeVisible();
  await expect(detail.getByText('Pending payment → Cancelled')).toBeVisible();
});

test('Ordering a robot again while its order is unpaid offers to resume it, or to cancel it and start anew', async () => {
  const robot = robots[0]!;
  const orderId = await orderAndLeaveUnpaid(robot.id);
  const number = shortOrderNumber(orderId);

  await client.goto(`/RobotDetail?robotId=${robot.id}`);
  await client.getByRole('link', { name: /Order Now/ }).click();
  await expect(client.getByRole('heading', { name: 'You already have an unpaid order for this robot' })).toBeVisible();
  await expect(client.getByText(`#${number}`)).toBeVisible();
  await expect(client.getByLabel('Telegram Username *')).toHaveCount(0);

  // Resume: the same order, at its waiting step.
  const paymentTab = client.context().waitForEvent('page');
  await client.getByRole('button', { name: 'Resume payment' }).click();
  await (await paymentTab).close();
  await expect(client.getByRole('heading', { name: 'Payment in Progress' })).toBeVisible();
  expect(new URL(client.url()).searchParams.get('orderId')).toBe(orderId);

  // Or cancel it and fill the form again.
  await client.goto(`/OrderForm?robotId=${robot.id}`);
  await client.getByRole('button', { name: 'Cancel it and start a new order' }).click();
  await client
    .getByRole('alertdialog', { name: `Cancel order #${number}?` })
    .getByRole('button', { name: 'Cancel the order' })
    .click();
  await expect(client.getByLabel('Telegram Username *')).toBeVisible();
  await client.goto('/Dashboard');
  await expect(myOrder(orderId).getByText('Cancelled')).toBeVisible();
});

test('The owner sets after how many days unpaid orders are cancelled, in Settings, in both languages', async () => {
  await admin.goto('/Settings');
  const field = admin.getByLabel('Cancel unpaid orders after (days)');
  await expect(field).toHaveValue('7');
  await field.fill('0');
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByText('Enter a whole number of days between 1 and 365, such as 7.')).toBeVisible();
  await field.fill('14');
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByText('Settings saved successfully!')).toBeVisible();
  expect(
    ((await (await admin.request.get('/api/admin/settings')).json()) as { unpaid_order_expiry_days: string })
      .unpaid_order_expiry_days,
  ).toBe('14');

  await admin.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'FR' }).click();
  const french = admin.getByLabel('Annuler les commandes non payées après (jours)');
  await expect(french).toHaveValue('14');
  await french.fill('400');
  await admin.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(admin.getByText('Saisissez un nombre entier de jours entre 1 et 365, par exemple 7.')).toBeVisible();
  await french.fill('7');
  await admin.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(admin.getByText('Paramètres enregistrés avec succès !')).toBeVisible();
  await admin.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'EN' }).click();
});
