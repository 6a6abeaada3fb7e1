import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures.js';

function newsletterForm(page: Page) {
  const footer = page.getByRole('contentinfo');
  return {
    field: footer.getByRole('textbox', { name: 'Email address' }),
    subscribe: footer.getByRole('button', { name: 'Subscribe' }),
    status: footer.getByRole('status'),
    alert: footer.getByRole('alert'),
  };
}

test('Visitors subscribe to the newsletter from the footer, once per address', async ({ page }) => {
  const email = uniqueEmail('reader');
  await page.goto('/');
  const form = newsletterForm(page);

  // Hold the request to see the submitting state, without relying on timing.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/newsletter/subscribe', async (route) => {
    await held;
    await route.continue();
  });
  await form.field.fill(email);
  await form.subscribe.click();
  const submitting = page.getByRole('contentinfo').getByRole('button', { name: 'Subscribing…' });
  await expect(submitting).toBeDisabled();
  release();
  await expect(form.status).toHaveText('Thank you! Your subscription is confirmed.');
  await expect(form.field).toHaveValue('');
  await expect(form.subscribe).toBeEnabled();
  await page.unroute('**/api/newsletter/subscribe');

  // The same address in other letter case is the same subscriber.
  await form.field.fill(email.toUpperCase());
  await form.subscribe.click();
  await expect(form.alert).toHaveText('This email is already subscribed or an error occurred.');
  await expect(form.status).toHaveText('');
  await expect(form.field).toHaveValue(email.toUpperCase());
});

test('Visitors are told an address without @ is not valid, before anything is sent', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/newsletter/subscribe')) sent.push(request.url());
  });
  await page.goto('/');
  const form = newsletterForm(page);

  await form.field.fill('reader.example.com');
  await form.subscribe.click();
  await expect(form.alert).toHaveText('Please enter a valid email address.');
  await expect(form.field).toHaveAttribute('aria-invalid', 'true');
  await expect(form.field).toBeFocused();

  // Typing again clears the message about the previous value.
  await form.field.fill('reader@');
  await expect(form.alert).toHaveText('');
  await expect(form.field).not.toHaveAttribute('aria-invalid');

  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('textbox', { name: 'Adresse e-mail' }).fill('');
  await footer.getByRole('button', { name: "S'abonner" }).click();
  await expect(form.alert).toHaveText('Veuillez saisir une adresse e-mail valide.');
  expect(sent).toEqual([]);
});
