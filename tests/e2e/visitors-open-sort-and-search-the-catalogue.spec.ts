import { expect, test } from '@playwright/test';

test('Signed-out visitors open a robot from its card and see its price', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Bullion Sentinel' }) });
  await expect(card.getByText('$1,299.00')).toBeVisible();
  // Ordering still needs an account (SPEC §2); looking does not.
  await expect(card.getByRole('button', { name: 'Sign In Required' })).toBeDisabled();
  await card.getByRole('link', { name: 'Bullion Sentinel' }).click();
  await expect(page).toHaveURL(/\/robots\/bullion-sentinel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bullion Sentinel' })).toBeVisible();
  await expect(page).toHaveTitle(/^Bullion Sentinel \| TradeBot Store/);
  await page.goBack();
  await expect(page).toHaveTitle(/^TradeBot Store/);
});

test('Visitors sort and search the catalogue together with the category filter, in an address they can share and reload', async ({
  page,
}) => {
  await page.goto('/');
  const names = page.getByRole('article').getByRole('heading');
  await page.getByRole('button', { name: /Gold Traders/ }).click();
  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  await expect(names).toHaveText(['Bullion Sentinel', 'Midas Gold Breakout', 'Goldwave Grid Guard']);

  await page.getByLabel('Search by name').fill('gold');
  await expect(names).toHaveText(['Midas Gold Breakout', 'Goldwave Grid Guard']);
  await expect(page.getByRole('button', { name: /Gold Traders/ })).toContainText('2');
  const shared = new URL(page.url());
  expect(Object.fromEntries(shared.searchParams)).toEqual({ category: 'gold_traders', sort: 'price-desc', q: 'gold' });

  await page.reload();
  await expect(names).toHaveText(['Midas Gold Breakout', 'Goldwave Grid Guard']);
  await expect(page.getByLabel('Search by name')).toHaveValue('gold');
  await expect(page.getByLabel('Sort by')).toHaveValue('price-desc');
  await expect(page.getByRole('button', { name: /Gold Traders/ })).toHaveAttribute('aria-pressed', 'true');

  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(names).toHaveText(['Goldwave Grid Guard', 'Midas Gold Breakout']);
  await page.getByRole('button', { name: /^All/ }).click();
  await page.getByLabel('Search by name').fill('');
  await page.getByLabel('Sort by').selectOption({ label: 'Win rate' });
  await expect(names.first()).toHaveText('Goldwave Grid Guard');
  await page.getByLabel('Search by name').fill('no such robot');
  await expect(page.getByText('No robots found')).toBeVisible();
});

test('On a phone, Sign In shows once, menu open or not, and the hero words sit clear of the carousel controls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(signIn).toHaveCount(1);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main (mobile)' })).toBeVisible();
  await expect(signIn).toHaveCount(1);
  await page.getByRole('button', { name: 'Menu' }).click();

  const title = await page.getByRole('heading', { level: 1, name: 'Trading robots that never sleep' }).boundingBox();
  const controls = await page.getByRole('button', { name: 'Next slide' }).boundingBox();
  expect(title && controls && title.y >= controls.y + controls.height).toBe(true);
});
