import { E2E_ADMIN as ADMIN, expect, signIn, signUp, test } from './fixtures.js';

test('Administrators promote a client, who then has the Admin menu', async ({ page, browser, request }) => {
  // Sign up through the API from its own request context, so this page stays signed out.
  const client = await signUp(request, { name: 'Paul Promu', label: 'paul' });

  await page.goto('/');
  await signIn(page, ADMIN);
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
  // The page opens in the back-office shell: the storefront's header and its menu are gone.
  await expect(adminMenu).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'User Management' }),
  ).toHaveAttribute('aria-current', 'page');
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
  // A role change asks first.
  await page
    .getByRole('alertdialog', { name: 'Changer le rôle ?' })
    .getByRole('button', { name: 'Passer en Admin' })
    .click();
  expect((await patched).status()).toBe(200);
  // A toast confirms the change.
  await expect(page.getByText(`${client.name} est maintenant Admin.`)).toBeVisible();
  await page.reload();
  await expect(clientRole).toHaveValue('admin');

  const clientContext = await browser.newContext();
  try {
    const clientPage = await clientContext.newPage();
    await clientPage.goto('/');
    await signIn(clientPage, client);
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
