import { linkInOutbox } from '../support/outbox.js';
import { isServing, startOwnShop } from '../support/own-shop.js';
import { expect, signIn, test } from './fixtures.js';

// Each test here starts its own shop with `node scripts/start.mjs` on an empty DATA_DIR, exactly
// as a newcomer does after `npm install`, and stops it with a signal as a process manager would.
test.describe.configure({ timeout: 120_000 });

test('A new owner signs in with exactly what the first start prints, then replaces the placeholder address and password', async ({
  browser,
}) => {
  const shop = await startOwnShop();
  const context = await browser.newContext({ baseURL: shop.url, locale: 'en-US' });
  try {
    await expect.poll(() => shop.stdout()).toContain('Password');
    const printed = shop.stdout();
    // A plain block on the terminal, not a field of a JSON log line.
    expect(printed).toMatch(/^\s+Email\s+\S+$/m);
    expect(printed).toMatch(/^\s+Password\s+\S+$/m);
    const email = /^\s+Email\s+(\S+)$/m.exec(printed)![1]!;
    const password = /^\s+Password\s+(\S+)$/m.exec(printed)![1]!;
    const accountUrl = /(http\S+\/Account)\s*$/m.exec(printed)![1]!;
    expect(email).toBe('admin@example.com');
    expect(accountUrl).toBe(`${shop.url}/Account`);

    const page = await context.newPage();
    await page.goto('/');
    await signIn(page, { email, password });
    const header = page.getByRole('banner');
    await expect(header.getByText(email, { exact: true })).toBeVisible();
    await expect(header.getByText('Administrator', { exact: true })).toHaveCount(1);
    await expect(header.getByRole('button', { name: 'Admin', exact: true })).toBeVisible();

    // "Change it" leads somewhere: the printed address is the Account page.
    await page.goto(accountUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(page).toHaveTitle(/^My account \| /);
    await expect(page.getByText(`Current address: ${email}`)).toBeVisible();

    const owner = { email: 'owner@tradebot-shop.com', password: 'a-much-better-password' };
    const emailSection = page.getByRole('region', { name: 'Email address' });
    await emailSection.getByLabel('New email address').fill(owner.email);
    await emailSection.getByRole('button', { name: 'Change email' }).click();
    await expect(emailSection.getByRole('status')).toHaveText(
      `We sent a confirmation link to ${owner.email}. Your address changes once you open it.`,
    );
    // Not before the owner of the new address confirms it.
    await page.reload();
    await expect(page.getByText(`Current address: ${email}`)).toBeVisible();
    const link = await expect
      .poll(() => linkInOutbox(shop.dataDir, owner.email, '/api/auth/verify-email'))
      .toBeTruthy()
      .then(() => linkInOutbox(shop.dataDir, owner.email, '/api/auth/verify-email')!);
    await page.goto(link);
    await expect(page).toHaveURL(/\/Account$/);
    await expect(page.getByText(`Current address: ${owner.email}`)).toBeVisible();

    const passwordSection = page.getByRole('region', { name: 'Password' });
    await passwordSection.getByLabel('Current password').fill(password);
    await passwordSection.getByLabel('New password', { exact: true }).fill(owner.password);
    await passwordSection.getByLabel('Confirm the new password').fill(owner.password);
    await passwordSection.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordSection.getByRole('status')).toHaveText(
      'Your password is changed. Your other devices are signed out.',
    );

    await header.getByRole('button', { name: 'Sign Out' }).click();
    await expect(header.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await signIn(page, owner);
    await expect(header.getByText(owner.email, { exact: true })).toBeVisible();
  } finally {
    await context.close();
    await shop.stop();
  }
  // The block is printed once: a second start finds the administrator and prints nothing.
});

test('npm start stops the server gracefully on SIGTERM and on SIGINT, and exits with it', async () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const shop = await startOwnShop({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password-1' });
    expect(await isServing(shop.url)).toBe(true);
    expect(await shop.stop(signal)).toBe(0);
    // The server itself is gone, not only the `npm start` process.
    expect(await isServing(shop.url)).toBe(false);
  }
});

test('When the shop requires email confirmation, a new account is not signed in until it is confirmed; only configured providers are offered', async ({
  browser,
}) => {
  const shop = await startOwnShop({
    REQUIRE_EMAIL_VERIFICATION: 'true',
    GITHUB_CLIENT_ID: 'github-client-id',
    GITHUB_CLIENT_SECRET: 'github-client-secret',
  });
  const context = await browser.newContext({ baseURL: shop.url, locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Connexion', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Bienvenue' });

    const social = dialog.getByRole('group', { name: 'Continuer avec' });
    await expect(social.getByRole('button')).toHaveText(['GitHub']);

    await dialog.getByRole('tab', { name: 'Inscription' }).click();
    const client = { name: 'Lucie Confirme', email: 'lucie@example.com', password: 'lucie-password-1' };
    await dialog.getByLabel('Nom complet').fill(client.name);
    await dialog.getByLabel('Email').fill(client.email);
    await dialog.getByLabel('Mot de passe', { exact: true }).fill(client.password);
    await dialog.getByLabel('Confirmer le mot de passe').fill(client.password);
    await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Compte créé avec succès ! Vérifiez votre email pour confirmer votre inscription.',
    );
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(header.getByRole('button', { name: 'Connexion', exact: true })).toBeVisible();
    await expect(header.getByText(client.name)).toHaveCount(0);

    // The email is in the visitor's language and names the shop, not its host and port.
    const link = linkInOutbox(shop.dataDir, client.email, '/api/auth/verify-email');
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(header.getByText(client.name)).toBeVisible();
  } finally {
    await context.close();
    await shop.stop();
  }
});
