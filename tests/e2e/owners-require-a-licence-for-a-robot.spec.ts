import { E2E_PUBLIC_URL } from '../support/e2e-shop.js';
import { expect, test } from './fixtures.js';

test('Owners make a robot require a licence and find the EA secret to compile into it', async ({
  adminPage: page,
  adminRequest,
}) => {
  test.setTimeout(60_000);
  const robotName = `E2E Licensed ${Date.now().toString(36)}`;
  await page.goto('/');
  try {
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Admin', exact: true }).click();
    await header.getByRole('link', { name: 'Robot Management', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Robot Management' })).toBeVisible();

    await page.getByRole('button', { name: 'Add a robot' }).click();
    let dialog = page.getByRole('dialog', { name: 'New robot' });
    await dialog.getByLabel('Name *').fill(robotName);
    await dialog.getByLabel('Price (USD) *').fill('249');
    await expect(dialog.getByLabel('Real accounts per licence')).toBeHidden();
    await dialog.getByLabel('Requires a licence').check();
    await expect(dialog.getByLabel('Real accounts per licence')).toHaveValue('1');
    await expect(dialog.getByLabel('Demo accounts per licence')).toHaveValue('2');
    await dialog.getByLabel('Demo accounts per licence').fill('3');
    await dialog.getByLabel('Duration (days)').fill('365');
    await expect(dialog.getByText('Save the robot to see the EA secret to compile into it.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Robot ${robotName} saved.`)).toBeVisible();

    // The storefront says the robot is licensed, and how.
    const robots = (await (await page.request.get('/api/admin/robots')).json()) as Array<{ id: string; name: string }>;
    const robotId = robots.find((robot) => robot.name === robotName)!.id;
    expect(await (await page.request.get(`/api/robots/${robotId}`)).json()).toMatchObject({
      licence_required: true,
      licence_real_slots: 1,
      licence_demo_slots: 3,
      licence_duration_days: 365,
    });

    await page.getByRole('button', { name: `Edit ${robotName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit robot' });
    const compiled = dialog.getByRole('region', { name: 'Compiled into the robot' });
    await expect(compiled.getByText(robotId, { exact: true })).toBeVisible();
    await expect(compiled.getByText(`${E2E_PUBLIC_URL}/api/licenses`, { exact: true })).toBeVisible();
    const secret = compiled.getByText(/^[0-9a-f]{64}$/);
    await expect(secret).toBeVisible();
    const before = await secret.innerText();

    await compiled.getByRole('button', { name: 'New EA secret' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Replace the EA secret?' });
    await confirm.getByRole('button', { name: 'New EA secret' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('A new EA secret is in place.')).toBeVisible();
    await expect(compiled.getByText(/^[0-9a-f]{64}$/)).not.toHaveText(before);

    // For life: the duration emptied is saved as none.
    await dialog.getByLabel('Duration (days)').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    expect(await (await page.request.get(`/api/robots/${robotId}`)).json()).toMatchObject({
      licence_duration_days: null,
    });
  } finally {
    const robots = (await (await adminRequest.get('/api/admin/robots')).json()) as Array<{ id: string; name: string }>;
    for (const robot of robots.filter((item) => item.name === robotName))
      await adminRequest.delete(`/api/admin/robots/${robot.id}`);
  }
});
