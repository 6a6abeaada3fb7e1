import { startFakeWorkflow } from '../support/fake-workflow.js';
import { E2E_ADMIN as ADMIN, expect, test } from './fixtures.js';

test('Administrators send a newsletter to the subscribers they select, through the newsletter workflow', async ({
  adminPage: page,
  adminRequest: admin,
}) => {
  const fake = await startFakeWorkflow('/newsletter');
  const before =
    ((await (await admin.get('/api/admin/settings')).json()) as Record<string, string>).n8n_newsletter_url ?? '';
  const domain = `news-${Date.now()}.example.com`;
  const readers = [`ada@${domain}`, `grace@${domain}`];
  try {
    expect(
      (await admin.patch('/api/admin/settings', { data: { values: { n8n_newsletter_url: fake.url } } })).status(),
    ).toBe(200);
    for (const email of readers)
      expect((await admin.post('/api/newsletter/subscribe', { data: { email } })).status()).toBe(201);

    await page.goto('/NewsletterManagement');
    await page.getByRole('button', { name: 'FR', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Newsletter', level: 1 })).toBeVisible();

    const send = page.getByRole('button', { name: 'Envoyer (0)' });
    await expect(send).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Exporter (0)' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Supprimer (0)' })).toBeDisabled();

    await page.getByLabel('Rechercher').fill(domain);
    await expect(page.getByRole('row').filter({ hasText: domain })).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Tout sélectionner sur cette page' }).check();
    await expect(page.getByRole('link', { name: 'Exporter (2)' })).toHaveAttribute(
      'href',
      /\/api\/admin\/newsletter\/subscribers\.csv\?q=&ids=/,
    );
    await page.getByRole('button', { name: 'Envoyer (2)' }).click();

    const dialog = page.getByRole('dialog', { name: 'Rédiger une newsletter' });
    const title = `Nouveautés ${Date.now()}`;
    await dialog.getByRole('button', { name: 'Envoyer (2)' }).click();
    await expect(dialog.getByText('Titre et contenu requis.')).toHaveCount(2);
    await dialog.getByRole('textbox', { name: 'Titre' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Contenu' }).fill('Deux nouveaux robots arrivent.');
    fake.answer = { status: 200, body: { resulat: 'success' } };
    await dialog.getByRole('button', { name: 'Envoyer (2)' }).click();
    await expect(dialog.getByText('Newsletter envoyée avec succès !')).toBeVisible();
    await expect(dialog.getByText(`Nouveau template "${title}" enregistré.`)).toBeVisible();
    // SPEC §4: the dialog closes 2 s after the success message.
    await expect(dialog).toBeHidden({ timeout: 5000 });

    expect(fake.requests).toHaveLength(1);
    const body = fake.requests[0]!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['action', 'content', 'recipients', 'sender', 'sent_at', 'title']);
    expect(body).toMatchObject({
      action: 'send_newsletter',
      title,
      content: '<p>Deux nouveaux robots arrivent.</p>',
      sender: ADMIN.email,
    });
    expect(new Date(body.sent_at as string).toISOString()).toBe(body.sent_at);
    const recipients = body.recipients as Array<{ email: string; created_date: string }>;
    expect(recipients.map((recipient) => recipient.email).sort()).toEqual(readers);
    for (const recipient of recipients) expect(Object.keys(recipient).sort()).toEqual(['created_date', 'email']);
    await expect(page.getByText(`${title}`)).toBeVisible();

    // The new template is offered; a workflow answering anything but success is an error.
    await page.getByRole('button', { name: 'Envoyer (2)' }).click();
    await dialog.getByRole('combobox', { name: 'Template' }).selectOption({ label: title });
    await expect(dialog.getByRole('textbox', { name: 'Titre' })).toHaveValue(title);
    fake.answer = { status: 500, body: { message: 'Workflow en panne' } };
    await dialog.getByRole('button', { name: 'Envoyer (2)' }).click();
    await expect(dialog.getByRole('alert')).toHaveText("Erreur lors de l'envoi: Erreur 500: Workflow en panne");
    fake.answer = { status: 200, body: { result: 'queued' } };
    await dialog.getByRole('button', { name: 'Envoyer (2)' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      "Erreur lors de l'envoi: La réponse du webhook n'a pas confirmé le succès.",
    );

    await dialog.getByRole('button', { name: 'Supprimer le template' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirmer la suppression' });
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText(`Template "${title}" supprimé.`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Annuler' }).click();

    await page.getByRole('button', { name: 'Supprimer (2)' }).click();
    await page
      .getByRole('alertdialog', { name: 'Supprimer des abonnés' })
      .getByRole('button', { name: 'Supprimer (2)' })
      .click();
    await expect(page.getByText('2 abonnés supprimés.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: domain })).toHaveCount(0);
  } finally {
    await admin.patch('/api/admin/settings', { data: { values: { n8n_newsletter_url: before } } });
    await fake.close();
  }
});
