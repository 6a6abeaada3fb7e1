import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/** A real 1x1 PNG: the server checks images by their content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** From the storefront through the header's Admin menu; inside the back office through its side navigation. */
async function openAdminPage(page: Page, name: string) {
  const backOffice = page.getByRole('navigation', { name: 'Back office' });
  if (await backOffice.isVisible()) {
    await backOffice.getByRole('link', { name, exact: true }).click();
  } else {
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Admin', exact: true }).click();
    await header.getByRole('link', { name, exact: true }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** A content page's texts as the API stores them, in each language (issue 19 §2). */
type StoredPage = { title: { en: string; fr: string }; content: { en: string; fr: string } };

/** Puts the shop back as it was, through the admin API, so the visitors' journeys see the demo shop. */
async function restore(
  api: APIRequestContext,
  suffix: string,
  before: { page: StoredPage; heroTitle: { en: string; fr: string } },
) {
  for (const resource of ['robots', 'banners', 'faqs', 'categories']) {
    const rows = (await (await api.get(`/api/admin/${resource}`)).json()) as Array<Record<string, unknown>>;
    for (const row of rows.filter((item) => JSON.stringify(item).includes(suffix)))
      await api.delete(`/api/admin/${resource}/${String(row.id)}`);
  }
  await api.put('/api/admin/pages/copy_trade', { data: before.page });
  await api.patch('/api/admin/settings', { data: { values: { hero_title: before.heroTitle } } });
}

test('Administrators run the catalogue and content from the back office, and visitors see each change at once', async ({
  adminPage: page,
  adminRequest,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const categoryName = `E2E Bots ${suffix}`;
  const robotName = `E2E Scalper ${suffix}`;
  await page.goto('/');
  const before = {
    page: (await (await adminRequest.get('/api/pages/copy_trade')).json()) as StoredPage,
    heroTitle: (
      (await (await adminRequest.get('/api/admin/settings')).json()) as { hero_title: { en: string; fr: string } }
    ).hero_title,
  };
  try {
    await backOfficeJourney(page, suffix, categoryName, robotName);
  } finally {
    await restore(adminRequest, suffix, {
      page: { title: before.page.title, content: before.page.content },
      heroTitle: before.heroTitle,
    });
  }
});

async function backOfficeJourney(page: Page, suffix: string, categoryName: string, robotName: string) {
  // A category, named in English and French (issue 19 §2): its key follows the English name.
  await openAdminPage(page, 'Category Management');
  await page.getByRole('button', { name: 'Add a category' }).click();
  let dialog = page.getByRole('dialog', { name: 'New category' });
  await dialog.getByRole('tabpanel', { name: 'English' }).getByLabel('Name').fill(categoryName);
  await dialog.getByRole('tab', { name: /^Français/ }).click();
  await dialog.getByRole('tabpanel', { name: 'Français' }).getByLabel('Name').fill(`Robots E2E ${suffix}`);
  await expect(dialog.getByLabel('Key')).toHaveValue(`e2e_bots_${suffix}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Category ${categoryName} saved.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: categoryName })).toBeVisible();

  // A robot in it, with an uploaded image and a formatted description.
  await openAdminPage(page, 'Robot Management');
  await page.getByRole('button', { name: 'Add a robot' }).click();
  dialog = page.getByRole('dialog', { name: 'New robot' });
  await dialog.getByLabel('Name *').fill(robotName);
  await dialog.getByLabel('Price (USD) *').fill('123.45');
  const editor = dialog.getByRole('textbox', { name: 'Description (English)' });
  await editor.click();
  await page.keyboard.type('Trades the London open. ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Low drawdown');
  await dialog
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'robot.png', mimeType: 'image/png', buffer: PNG });
  // Shown at once from the local file; once stored, the field offers to remove it.
  await expect(dialog.getByRole('img', { name: 'Preview' })).toHaveAttribute('src', /^blob:/);
  await expect(dialog.getByRole('button', { name: 'Remove' })).toBeVisible();
  await dialog.getByLabel('Category').selectOption({ label: categoryName });
  await dialog.getByLabel('Features (English)').fill('News filter\nTrailing stop');
  await dialog.getByLabel('Weekly PNL (%)').fill('not a number');
  await expect(dialog.getByText('No data yet')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Robot ${robotName} saved.`)).toBeVisible();

  // A banner and an FAQ.
  await openAdminPage(page, 'Hero Banners');
  await page.getByRole('button', { name: 'Add a banner' }).click();
  dialog = page.getByRole('dialog', { name: 'New banner' });
  await dialog.getByLabel('Title (English)').fill(`Banner ${suffix}`);
  await dialog
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByLabel('Address of Image')).toHaveValue(/^\/files\/public\/images\/.+\.png$/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const bannerRow = page.getByRole('row').filter({ hasText: `Banner ${suffix}` });
  await expect(bannerRow.getByRole('button', { name: `Move Banner ${suffix} down` })).toBeDisabled();
  const orderBefore = Number(
    await bannerRow
      .getByRole('cell')
      .nth(3)
      .innerText()
      .then((text) => text.trim()),
  );
  // Positions count from 1, as the FAQs' do: the new last banner's is the number of banners.
  expect(orderBefore).toBe((await page.getByRole('row').count()) - 1);
  await bannerRow.getByRole('button', { name: `Move Banner ${suffix} up` }).click();
  await expect(bannerRow.getByRole('cell').nth(3)).toHaveText(String(orderBefore - 1));

  await openAdminPage(page, 'FAQ Management');
  await page.getByRole('button', { name: 'Add a question' }).click();
  dialog = page.getByRole('dialog', { name: 'New question' });
  // The English tab, open first; the French one is left to translate.
  const english = dialog.getByRole('tabpanel', { name: 'English' });
  await english.getByLabel('Question').fill(`Can I pause the robot ${suffix}?`);
  await english.getByLabel('Answer').fill('Yes.\nFrom your MetaTrader terminal.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const faqRows = page.getByRole('row');
  const lastFaq = faqRows.last();
  await expect(lastFaq).toContainText(`Can I pause the robot ${suffix}?`);
  await lastFaq.getByRole('button', { name: /up$/ }).click();
  await expect(faqRows.nth((await faqRows.count()) - 2)).toContainText(`Can I pause the robot ${suffix}?`);

  // The Copy Trade page and the settings.
  await openAdminPage(page, 'Copy Trade Management');
  await page.getByRole('tabpanel', { name: 'English' }).getByLabel('Title').fill(`Copy us ${suffix}`);
  await page.getByRole('button', { name: 'HTML', exact: true }).click();
  await page
    .getByRole('textbox', { name: 'HTML source' })
    .fill(`<h2>Mirror ${suffix}</h2><p>Join <strong>today</strong>.</p>`);
  await page.getByRole('button', { name: 'Show preview' }).click();
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: `Mirror ${suffix}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Copy Trade content saved successfully!')).toBeVisible();

  await openAdminPage(page, 'Settings');
  await page.getByLabel('Hero title (English)').fill(`Robots that trade ${suffix}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  // SPEC §4: the message clears after 3 s.
  await expect(page.getByText('Settings saved successfully!')).toBeHidden({ timeout: 6000 });

  // The storefront shows every change without a restart.
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Robots that trade ${suffix}`);
  await page.getByRole('button', { name: new RegExp(categoryName) }).click();
  const card = page.getByRole('article').filter({ hasText: robotName });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: /BOOK YOUR AI NOW/ }).click();
  const description = page.getByRole('main').getByRole('region', { name: 'Description' });
  await expect(description.locator('strong')).toHaveText('Low drawdown');
  await expect(page.getByRole('main').getByRole('img', { name: robotName })).toHaveAttribute(
    'src',
    /^\/files\/public\/images\//,
  );
  await expect(page.getByRole('main').getByText('$123.45').first()).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await page.getByRole('button', { name: `Can I pause the robot ${suffix}?` }).click();
  await expect(page.getByRole('region', { name: `Can I pause the robot ${suffix}?` })).toContainText(
    'From your MetaTrader terminal.',
  );

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Copy Trade' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Copy us ${suffix}`);
  await expect(page.getByRole('heading', { name: `Mirror ${suffix}` })).toBeVisible();

  // An active toggle takes the category off the storefront at once.
  await openAdminPage(page, 'Category Management');
  await page.getByRole('switch', { name: `${categoryName} is active` }).click();
  await expect(page.getByRole('switch', { name: `${categoryName} is active` })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Robots that trade ${suffix}`);
  await expect(page.getByRole('button', { name: new RegExp(categoryName) })).toHaveCount(0);
}
