import { expect, test } from './fixtures.js';

/**
 * Issue 19 §2: the owner writes a robot's description in English and French; each reader sees
 * their language, and a robot written only in English is shown in English to a French reader.
 */
test('The owner writes a robot description in both languages, and each reader sees theirs', async ({
  adminPage: admin,
  adminRequest,
  page,
}) => {
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36);
  const bilingual = `Twin Tongue ${suffix}`;
  const englishOnly = `Plain Speaker ${suffix}`;
  try {
    // The robot form: a rich-text description per language, behind EN/FR tabs.
    await admin.goto('/RobotManagement');
    await admin.getByRole('button', { name: 'Add a robot' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New robot' });
    await dialog.getByLabel('Name *').fill(bilingual);
    await dialog.getByLabel('Price (USD) *').fill('99');
    await dialog.getByRole('textbox', { name: 'Description (English)' }).click();
    await admin.keyboard.type('Trades the London open with care.');
    await dialog.getByLabel('Features (English)').fill('Night filter');
    const frenchTab = dialog.getByRole('tab', { name: /Français/ });
    // Nothing written in French yet: the tab says so.
    await expect(frenchTab).toContainText('to translate');
    await frenchTab.click();
    await dialog.getByRole('textbox', { name: 'Description (Français)' }).click();
    await admin.keyboard.type('Trade l’ouverture de Londres avec prudence.');
    await dialog.getByLabel('Features (Français)').fill('Filtre de nuit');
    await expect(frenchTab).not.toContainText('to translate');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText(`Robot ${bilingual} saved.`)).toBeVisible();

    const created = await adminRequest.post('/api/admin/robots', {
      data: { name: englishOnly, price: 10, description: { en: '<p>Only written in English.</p>' } },
    });
    expect(created.status()).toBe(201);
    const robots = (await (await adminRequest.get('/api/admin/robots')).json()) as Array<{
      name: string;
      slug: string;
    }>;
    const slugOf = (name: string) => robots.find((robot) => robot.name === name)!.slug;

    // An English reader.
    await page.goto(`/robots/${slugOf(bilingual)}`);
    const description = page.getByRole('main').getByRole('region', { name: 'Description' });
    await expect(description).toContainText('Trades the London open with care.');
    await expect(page.getByRole('main').getByRole('region', { name: 'Technical specifications' })).toContainText(
      'Night filter',
    );

    // A French reader: the same page in French, without another request for the robot.
    await page.getByRole('button', { name: 'FR', exact: true }).click();
    const frenchDescription = page.getByRole('main').getByRole('region', { name: 'Description' });
    await expect(frenchDescription).toContainText('Trade l’ouverture de Londres avec prudence.');
    await expect(frenchDescription).not.toContainText('Trades the London open');
    await expect(page.getByRole('main').getByRole('region', { name: 'Caractéristiques techniques' })).toContainText(
      'Filtre de nuit',
    );
    // A full load in French (the server's rendering) says the same.
    await page.reload();
    await expect(frenchDescription).toContainText('Trade l’ouverture de Londres avec prudence.');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Trade l’ouverture de Londres avec prudence.',
    );

    // Not translated: the French reader gets the English.
    await page.goto(`/robots/${slugOf(englishOnly)}`);
    await expect(page.getByRole('main').getByRole('region', { name: 'Description' })).toContainText(
      'Only written in English.',
    );
  } finally {
    const robots = (await (await adminRequest.get('/api/admin/robots')).json()) as Array<{ id: string; name: string }>;
    for (const robot of robots.filter((candidate) => candidate.name.endsWith(suffix)))
      await adminRequest.delete(`/api/admin/robots/${robot.id}`);
  }
});
