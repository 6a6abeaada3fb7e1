import { expect, signIn, submitSignIn, test, uniqueEmail } from './fixtures.js';

test('Clients change their name, sign out another device, and delete their account', async ({ page, browser }) => {
  const client = { name: 'Nina Trader', email: uniqueEmail('nina'), password: 'nina-password-1' };
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await dialog.getByRole('tab', { name: 'Sign up' }).click();
  await dialog.getByLabel('Full name').fill(client.name);
  await dialog.getByLabel('Email').fill(client.email);
  await dialog.getByLabel('Password', { exact: true }).fill(client.password);
  await dialog.getByLabel('Confirm password').fill(client.password);
  await dialog.getByRole('button', { name: 'Create my account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Account created successfully!' })).toHaveText(
    'Account created successfully! You are now signed in.',
  );

  await header.getByRole('link', { name: new RegExp(client.name) }).click();
  await expect(page).toHaveURL(/\/Account$/);
  await expect(page).toHaveTitle(/^My account \| /);
  const nameSection = page.getByRole('region', { name: 'Name' });
  await nameSection.getByLabel('Full name').fill('Nina Dupont');
  await nameSection.getByRole('button', { name: 'Save name' }).click();
  await expect(header.getByText('Nina Dupont')).toBeVisible();

  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await otherPage.goto('/');
    await signIn(otherPage, client);
    await expect(otherPage.getByRole('banner').getByText('Nina Dupont')).toBeVisible();

    await page.reload();
    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByText('This device')).toHaveCount(1);
    await devices.getByRole('button', { name: 'Sign out every other device' }).click();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(devices.getByText('No other device is signed in.')).toBeVisible();
    await otherPage.reload();
    await expect(otherPage.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  } finally {
    await other.close();
  }

  const deletion = page.getByRole('region', { name: 'Delete account' });
  await expect(deletion).toContainText(
    "Your orders are kept for the shop's accounting, without your name, email or Telegram username.",
  );
  await deletion.getByLabel('Password').fill('not-my-password');
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deletion.getByRole('alert')).toHaveText('The password is incorrect.');
  await deletion.getByLabel('Password').fill(client.password);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account is deleted.' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

  const again = await submitSignIn(page, client);
  await expect(again.getByRole('alert')).toHaveText('Incorrect email or password.');
});

test('The Account page asks visitors to sign in', async ({ page }) => {
  await page.goto('/Account');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
});
