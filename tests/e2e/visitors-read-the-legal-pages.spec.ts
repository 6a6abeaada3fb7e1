import { expect, test } from '@playwright/test';

const legalPages = [
  { link: 'Terms of Service', path: '/Terms' },
  { link: 'Privacy Policy', path: '/Privacy' },
  { link: 'Refund Policy', path: '/RefundPolicy' },
  { link: 'Risk Disclosure', path: '/RiskDisclosure' },
];

test('Visitors reach every legal page from the footer; each is a template that says it must be replaced, with its own title', async ({
  page,
}) => {
  await page.goto('/');
  for (const legal of legalPages) {
    await page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: 'Legal information' })
      .getByRole('link', { name: legal.link })
      .click();
    await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: legal.link })).toBeVisible();
    await expect(page.getByText('Template: replace this text before you sell.')).toBeVisible();
    await expect(page).toHaveTitle(`${legal.link} | TradeBot Store`);
  }

  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const footerLinks = page.getByRole('contentinfo').getByRole('navigation', { name: 'Informations légales' });
  await footerLinks.getByRole('link', { name: 'Conditions générales de vente' }).click();
  await expect(page).toHaveURL(/\/Terms$/);
  await expect(page).toHaveTitle(/^Conditions générales de vente \| /);
  // Heading and body in French too, not the English template under a French tab (issue 19 §2).
  await expect(page.getByRole('heading', { level: 1, name: 'Conditions générales de vente' })).toBeVisible();
  await expect(page.getByText('Modèle : remplacez ce texte avant de vendre.')).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveTitle(/^FAQ \| /);
});

test('Search engines find the legal pages, each served with its own title', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const legal of legalPages) {
    expect(sitemap).toContain(`${legal.path}</loc>`);
    const html = await (await request.get(legal.path)).text();
    expect(html).toContain(`<title>${legal.link} | `);
  }
});

test('My Orders signed out offers a Sign In button next to the refusal', async ({ page }) => {
  await page.goto('/Dashboard');
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Accès non autorisé' })).toBeVisible();
  await main.getByRole('button', { name: 'Connexion', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Bienvenue' })).toBeVisible();
});
