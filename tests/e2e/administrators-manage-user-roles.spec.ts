import { expect, test, type Page } from '@playwright/test';

// better-auth accepts sign-in and sign-up only from its PUBLIC_URL origin. The end-to-end server
// keeps the default, http://localhost:<port>, while playwright.config.ts browses 127.0.0.1, whose
// requests better-auth refuses (403 invalid_origin); so these journeys use the public address.
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 3211}` });

/** The administrator tests/support/e2e-server.ts creates (importing it would start a second server). */
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('Administrators promote a client, who then has the Admin menu', async ({ page, browser, request, baseURL }) => {
  // Sign up through the API from its own request context, so this page stays signed out.
  const client = { name: 'Paul Promu', email: uniqueEmail('paul'), password: 'paul-password-1' };
  const created = await request.post('/api/auth/sign-up/email', {
    data: { email: client.email, password: client.password, name: client.name, callbackURL: '/' },
    headers: { Origin: baseURL! },
  });
  expect(created.status()).toBe(200);

  await page.goto('/');
  await signIn(page, ADMIN.email, ADMIN.password);
  const header = page.getByRole('banner');
  // The seeded administrator has no name: the header shows the address, then the role, once.
  await expect(header.getByText(ADMIN.email, { exact: true })).toBeVisible();
  await expect(header.getByText('Administrator', { exact: true })).toHaveCount(1);
  await expect(header.getByRole('link', { name: 'My Orders' })).toHaveCount(0);

  const adminMenu = header.getByRole('button', { name: 'Admin', exact: true });
  await adminMenu.click();
  await expect(adminMenu).toHaveAttribute('aria-expanded', 'true');
  await header.getByRole('link', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/UserManagement$/);
  await expect(adminMenu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();

  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const ownRow = page.getByRole('row').filter({ hasText: ADMIN.email });
  await expect(ownRow.getByRole('combobox')).toBeDisabled();
  await expect(ownRow.getByText('Vous ne pouvez pas modifier votre propre rôle.')).toBeVisible();

  const clientRow = page.getByRole('row').filter({ hasText: client.email });
  await expect(clientRow.getByRole('cell', { name: client.name })).toBeVisible();
  // Registered a moment ago: 'd MMM yyyy, HH:mm' with a French month.
  await expect(clientRow.getByRole('cell').nth(2)).toHaveText(/^\d{1,2} \S+ \d{4}, \d{2}:\d{2}$/);
  const clientRole = clientRow.getByRole('combobox', { name: `Rôle de ${client.name}` });
  await expect(clientRole).toHaveValue('client');
  const patched = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/api/admin/users/'),
  );
  await clientRole.selectOption({ label: 'Admin' });
  expect((await patched).status()).toBe(200);
  // A toast confirms the change.
  await expect(page.getByText(`${client.name} est maintenant Admin.`)).toBeVisible();
  await page.reload();
  await expect(clientRole).toHaveValue('admin');

  const clientContext = await browser.newContext({ baseURL });
  try {
    const clientPage = await clientContext.newPage();
    await clientPage.goto('/');
    await signIn(clientPage, client.email, client.password);
    await clientPage.reload();
    const clientHeader = clientPage.getByRole('banner');
    await expect(clientHeader.getByText(client.name)).toBeVisible();
    await expect(clientHeader.getByText('Administrator', { exact: true })).toBeVisible();
    await clientHeader.getByRole('button', { name: 'Admin', exact: true }).click();
    await expect(clientHeader.getByRole('link', { name: 'Settings' })).toBeVisible();
  } finally {
    await clientContext.close();
  }
});

test('Signed-out visitors who open User Management land on Home', async ({ page }) => {
  await page.goto('/UserManagement');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Aurora Scalper' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'User Management' })).toHaveCount(0);
});
