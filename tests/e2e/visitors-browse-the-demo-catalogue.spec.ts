import { expect, test } from '@playwright/test';

test('Visitors see the demo catalogue on Home and can filter it by category', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aurora Scalper' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Titan Momentum' })).toHaveCount(0);
  const total = await cards.count();
  expect(total).toBeGreaterThanOrEqual(8);

  const gold = page.getByRole('button', { name: /Gold Traders/ });
  await gold.click();
  await expect(gold).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Midas Gold Breakout' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aurora Scalper' })).toHaveCount(0);

  await page.getByRole('button', { name: /^All/ }).click();
  await expect(cards).toHaveCount(total);
});

test('French readers see the category names in French, in French alphabetical order, on Home and a robot page', async ({
  page,
}) => {
  await page.goto('/?lang=fr');
  const filters = page.getByRole('group', { name: 'Filtrer par catégorie' }).getByRole('button');
  await expect(filters).toHaveText([/^Tous/, /^Robots sur l’or/, /^Scalpers Forex/, /^Suiveurs de tendance/]);
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Filter by category' }).getByRole('button')).toHaveText([
    /^All/,
    /^Forex Scalpers/,
    /^Gold Traders/,
    /^Trend Followers/,
  ]);

  await page.goto('/robots/midas-gold-breakout?lang=fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Midas Gold Breakout' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Robots sur l’or')).toBeVisible();
});

test('Signed-out visitors see a disabled Sign In Required button on every card', async ({ page }) => {
  await page.goto('/');
  const buttons = page.getByRole('button', { name: 'Sign In Required' });
  await expect(buttons.first()).toBeDisabled();
  expect(await buttons.count()).toBe(await page.getByRole('article').count());
});

test('Any letter case of a page name opens it, and unknown pages fall back to Home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Aurora Scalper' })).toBeVisible();
  await page.goto('/HOME');
  await expect(page.getByRole('heading', { name: 'Aurora Scalper' })).toBeVisible();
});

test('Visitors can switch the interface to French and back', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign In Required' }).first()).toBeVisible();
});

test('The page head carries the shop title and description without JavaScript', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('<title>TradeBot Store');
  expect(html).toContain('name="description"');
  expect(html).toContain('id="app-data"');
});
