import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

// Issue 19 §2: the owner writes FAQs and pages in English and French; each reader reads their
// own language, or the shop's default one where a text is not translated, and switching the
// interface's language switches the texts at once.

/** A content page's texts as the API stores them, in each language. */
type StoredPage = { title: { en: string; fr: string }; content: { en: string; fr: string } };

/** Errors the page throws or logs: a reader of a half-translated shop must meet none. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('An FAQ written in both languages and a page written in English only read well to a French visitor', async ({
  adminPage: admin,
  adminRequest: api,
  page: visitor,
}) => {
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36);
  const question = { en: `Can I pause the robot ${suffix}?`, fr: `Puis-je mettre le robot en pause ${suffix} ?` };
  const before = (await (await api.get('/api/pages/update')).json()) as StoredPage;

  try {
    // The FAQ, in both languages.
    await admin.goto('/FAQManagement');
    await admin.getByRole('button', { name: 'Add a question' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New question' });
    // Written in neither language, the question is refused and the form says so.
    await dialog.getByRole('tabpanel', { name: 'English' }).getByLabel('Answer').fill('Yes.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Question is required in at least one language.');
    await expect(dialog.getByRole('tab', { name: /English/ })).toContainText('to correct');

    const english = dialog.getByRole('tabpanel', { name: 'English' });
    await english.getByLabel('Question').fill(question.en);
    await english.getByLabel('Answer').fill('Yes.\nStop it from your MetaTrader terminal.');
    await dialog.getByRole('tab', { name: /Français/ }).click();
    const french = dialog.getByRole('tabpanel', { name: 'Français' });
    await french.getByLabel('Question').fill(question.fr);
    await french.getByLabel('Answer').fill('Oui.\nArrêtez-le depuis votre terminal MetaTrader.');
    await expect(dialog.getByRole('tab', { name: /Français/ })).not.toContainText('to translate');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    // The table shows the administrator's language.
    await expect(admin.getByRole('row').filter({ hasText: question.en })).toBeVisible();

    // The Update page, in English only: the French translation is emptied.
    await admin.goto('/UpdateManagement');
    await admin.getByRole('button', { name: 'HTML', exact: true }).click();
    const pageEnglish = admin.getByRole('tabpanel', { name: 'English' });
    await pageEnglish.getByLabel('Title').fill(`Release notes ${suffix}`);
    await pageEnglish.getByRole('textbox', { name: 'HTML source' }).fill(`<p>Version ${suffix} is out.</p>`);
    await admin.getByRole('tab', { name: /Français/ }).click();
    const pageFrench = admin.getByRole('tabpanel', { name: 'Français' });
    await pageFrench.getByLabel('Title').fill('');
    await pageFrench.getByRole('textbox', { name: 'HTML source' }).fill('');
    await expect(admin.getByRole('tab', { name: /Français/ })).toContainText('to translate');
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await expect(admin.getByText('Update content saved successfully!')).toBeVisible();

    // A French visitor.
    const errors = collectErrors(visitor);
    await visitor.goto('/FAQ');
    await visitor.getByRole('button', { name: 'FR', exact: true }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Foire aux questions' })).toBeVisible();
    await visitor.getByRole('button', { name: question.fr }).click();
    await expect(visitor.getByRole('region', { name: question.fr })).toContainText(
      'Arrêtez-le depuis votre terminal MetaTrader.',
    );
    // The demo's FAQs are French too.
    await expect(visitor.getByRole('button', { name: 'Quels moyens de paiement acceptez-vous ?' })).toBeVisible();
    // Back to English: the texts switch at once, without a new request.
    await visitor.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(visitor.getByRole('region', { name: question.en })).toContainText(
      'Stop it from your MetaTrader terminal.',
    );
    await visitor.getByRole('button', { name: 'FR', exact: true }).click();
    await expect(visitor.getByRole('button', { name: question.fr })).toBeVisible();

    // The page not translated: its English title and body, in the French interface.
    await visitor.goto('/Update');
    const main = visitor.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(`Release notes ${suffix}`);
    await expect(main.getByText(`Version ${suffix} is out.`)).toBeVisible();
    // The interface around it stays French.
    await expect(visitor.getByRole('contentinfo')).toContainText('Tous droits réservés.');

    // A legal page as seeded: French heading and French body, no English left.
    await visitor.goto('/Terms');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Conditions générales de vente');
    await expect(main.getByText('Modèle : remplacez ce texte avant de vendre.')).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: '1. Qui sommes-nous' })).toBeVisible();
    await expect(main).not.toContainText('Template: replace this text');
    await expect(visitor).toHaveTitle(/^Conditions générales de vente \| /);

    expect(errors).toEqual([]);
  } finally {
    const faqs = (await (await api.get('/api/admin/faqs')).json()) as Array<{ id: string; question: { en: string } }>;
    for (const faq of faqs.filter((item) => item.question.en === question.en))
      await api.delete(`/api/admin/faqs/${faq.id}`);
    await api.put('/api/admin/pages/update', { data: { title: before.title, content: before.content } });
  }
});
