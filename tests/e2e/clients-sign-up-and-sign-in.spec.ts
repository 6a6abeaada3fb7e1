import type { Page } from '@playwright/test';
import { E2E_ADMIN, expect, test, uniqueEmail } from './fixtures.js';

async function switchToFrench(page: Page) {
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
}

/** The header's sign-in button; `exact` keeps it apart from the catalogue's 'Connexion requise'. */
function openSignInDialog(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Connexion', exact: true }).click();
}

test('The sign-up form tells clients in French what is missing or wrong', async ({ page }) => {
  await page.goto('/');
  await switchToFrench(page);
  await openSignInDialog(page);
  const dialog = page.getByRole('dialog', { name: 'Bienvenue' });
  await dialog.getByRole('tab', { name: 'Inscription' }).click();
  const submit = dialog.getByRole('button', { name: 'Créer mon compte' });

  await submit.click();
  await expect(dialog.getByText('Ce champ est obligatoire.')).toHaveCount(4);
  await expect(dialog.getByLabel('Nom complet')).toBeFocused();

  await dialog.getByLabel('Nom complet').fill('Claire Martin');
  await dialog.getByLabel('Email').fill(uniqueEmail('short'));
  await dialog.getByLabel('Mot de passe', { exact: true }).fill('12345');
  await dialog.getByLabel('Confirmer le mot de passe').fill('12345');
  await submit.click();
  await expect(dialog.getByText('Le mot de passe doit contenir au moins 6 caractères.')).toBeVisible();
  await expect(dialog.getByText('Ce champ est obligatoire.')).toHaveCount(0);

  await dialog.getByLabel('Mot de passe', { exact: true }).fill('secret-123');
  await dialog.getByLabel('Confirmer le mot de passe').fill('secret-124');
  await submit.click();
  await expect(dialog.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
  await expect(dialog.getByText('Le mot de passe doit contenir au moins 6 caractères.')).toHaveCount(0);
});

test('A new client signs up, signs out to Home, and signs in again', async ({ page }) => {
  const client = { name: 'Claire Martin', email: uniqueEmail('claire'), password: 'claire-password-1' };
  await page.goto('/FAQ');
  await switchToFrench(page);
  await openSignInDialog(page);
  const dialog = page.getByRole('dialog', { name: 'Bienvenue' });
  await dialog.getByRole('tab', { name: 'Inscription' }).click();
  await dialog.getByLabel('Nom complet').fill(client.name);
  await dialog.getByLabel('Email').fill(client.email);
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(client.password);
  await dialog.getByLabel('Confirmer le mot de passe').fill(client.password);
  await dialog.getByRole('button', { name: 'Créer mon compte' }).click();

  // The end-to-end shop sends no email (no SMTP_URL), so it needs no confirmation: the new
  // account is signed in, the dialog closes and one message says both (never "check your email").
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Compte créé avec succès !' })).toHaveText(
    'Compte créé avec succès ! Vous êtes maintenant connecté.',
  );
  await expect(page.getByText('Vérifiez votre email')).toHaveCount(0);
  const header = page.getByRole('banner');
  await expect(header.getByText(client.name)).toBeVisible();
  await expect(header.getByText('Client', { exact: true })).toBeVisible();
  await header.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('button', { name: 'Connexion', exact: true })).toBeVisible();

  await page.goto('/FAQ');
  await openSignInDialog(page);
  await dialog.getByLabel('Email').fill(client.email);
  await dialog.getByLabel('Mot de passe').fill(client.password);
  await dialog.getByRole('button', { name: 'Se connecter' }).click();
  await expect(dialog).toBeHidden();
  await expect(header.getByText(client.name)).toBeVisible();
  await expect(header.getByText('Client', { exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Mes Commandes' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);

  await header.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByText(client.name)).toHaveCount(0);
});

test('A wrong password is refused with a French message and the dialog stays open', async ({ page }) => {
  await page.goto('/');
  await switchToFrench(page);
  await openSignInDialog(page);
  const dialog = page.getByRole('dialog', { name: 'Bienvenue' });
  await dialog.getByLabel('Email').fill(E2E_ADMIN.email);
  await dialog.getByLabel('Mot de passe').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Se connecter' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.');
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Connexion', exact: true })).toBeVisible();
});

test('Clients who forgot their password are told, without saying whether the account exists, that a link is on its way', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await dialog.getByLabel('Email').fill(uniqueEmail('nobody'));
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(dialog.getByRole('status')).toContainText('If an account exists for this address');
  await dialog.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(dialog.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('Without a configured provider the dialog offers no social sign-in, yet still explains a provider that failed', async ({
  page,
}) => {
  // The end-to-end shop configures no provider.
  await page.goto('/FAQ');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await expect(dialog.getByLabel('Email')).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Continue with' })).toHaveCount(0);
  for (const provider of ['Google', 'GitHub', 'Facebook', 'Microsoft', 'Discord', 'LinkedIn', 'Apple']) {
    await expect(dialog.getByRole('button', { name: provider })).toHaveCount(0);
  }
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Where a failed provider sign-in sends the browser back to (see errorCallbackURL).
  await page.goto('/FAQ?authError=github&error=invalid_client');
  await expect(dialog.getByRole('alert')).toHaveText(
    'GitHub sign-in is not configured correctly. Please contact the administrator.',
  );
  await expect(page).toHaveURL(/\/FAQ$/);
});
