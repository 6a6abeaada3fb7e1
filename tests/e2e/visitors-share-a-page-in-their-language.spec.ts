import { expect, test } from '@playwright/test';
import { E2E_PUBLIC_URL } from '../support/e2e-shop.js';

// An English browser: only the address says French.
test.use({ locale: 'en-US' });

test('A link to /?lang=fr opens the shop in French in an English browser, and the next pages stay French', async ({
  page,
}) => {
  await page.goto('/?lang=fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const header = page.getByRole('banner');
  await expect(
    header.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Catalogue' }),
  ).toBeVisible();
  await expect(header.getByRole('button', { name: 'FR', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The head names the page's other addresses for search engines.
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
    'href',
    `${E2E_PUBLIC_URL}/?lang=en`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    `${E2E_PUBLIC_URL}/`,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${E2E_PUBLIC_URL}/?lang=fr`);

  // The next page, reached inside the app, has no parameter and stays French.
  await page
    .getByRole('contentinfo')
    .getByRole('navigation', { name: 'Informations légales' })
    .getByRole('link', { name: 'Conditions générales de vente' })
    .click();
  await expect(page).toHaveURL(/\/Terms$/);
  await expect(page).toHaveTitle(/^Conditions générales de vente \| /);

  // So does a page the server renders afresh: the address's language became the visitor's choice.
  await page.goto('/Update');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page).toHaveTitle(/^Mise à jour \| /);
});

test('Switching language on a page opened with ?lang= rewrites its address; on a plain address it does not', async ({
  page,
}) => {
  await page.goto('/Terms?lang=fr&utm_source=newsletter');
  await expect(page).toHaveTitle(/^Conditions générales de vente \| /);
  await page.getByRole('banner').getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page).toHaveTitle(/^Terms of Service \| /);
  await expect(page).toHaveURL(/\/Terms\?lang=en&utm_source=newsletter$/);
  // The copied address opens in the language the visitor saw, whatever their cookie says.
  await page.context().addCookies([{ name: 'lang', value: 'fr', url: E2E_PUBLIC_URL }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(/^Terms of Service \| /);

  await page.goto('/Privacy');
  await page.getByRole('banner').getByRole('button', { name: 'FR', exact: true }).click();
  await expect(page).toHaveTitle(/^Politique de confidentialité \| /);
  await expect(page).toHaveURL(/\/Privacy$/);
});
