import { expect, test } from './fixtures.js';

test('Administrators are told the rule of the automation secret and what stops working without one', async ({
  adminPage: page,
  adminRequest,
}) => {
  // Start from a shop without a secret, as a new owner has it.
  await adminRequest.patch('/api/admin/settings', { data: { values: { n8n_secret_token: '' } } });
  await page.goto('/Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await expect(
    page.getByText(
      'No secret token is set: the payment workflow cannot confirm payments, and workflows cannot send statistics to the shop.',
    ),
  ).toBeVisible();
  // Not "optional": payments cannot be confirmed without it.
  const field = page.getByLabel('Secret token', { exact: true });
  await expect(field).toBeVisible();
  await expect(page.getByText('(optional)')).toHaveCount(0);
  await expect(field).toHaveAccessibleDescription(/^At least 32 characters\. /);
  await expect(field).toHaveAccessibleDescription(
    /payment workflow needs it to confirm payments, and workflows to send statistics/,
  );

  // A secret that is too short says the rule, in the field and not only "check this value".
  await field.fill('short-secret');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('At least 32 characters.', { exact: true })).toBeVisible();
  await expect(page.getByText('Please check this value.')).toHaveCount(0);

  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const champ = page.getByLabel('Jeton secret', { exact: true });
  await expect(champ).toHaveAccessibleDescription(/^Au moins 32 caractères\. /);
  await expect(page.getByText('Au moins 32 caractères.', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      "Aucun jeton secret n'est défini : le workflow de paiement ne peut pas confirmer les paiements, et les workflows ne peuvent pas envoyer de statistiques à la boutique.",
    ),
  ).toBeVisible();

  // 32 characters are enough.
  await champ.fill('0123456789abcdef0123456789abcdef');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Un jeton secret est défini.')).toBeVisible();
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await adminRequest.patch('/api/admin/settings', { data: { values: { n8n_secret_token: '' } } });
});
