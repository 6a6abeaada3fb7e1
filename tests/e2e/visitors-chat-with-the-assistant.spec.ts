import type { APIRequestContext } from '@playwright/test';
import { startFakeWorkflow } from '../support/fake-workflow.js';
import { expect, test } from './fixtures.js';

const CHAT_KEYS = ['chatbot_enabled', 'chatbot_webhook_url', 'chatbot_welcome_message'] as const;
type ChatSettings = {
  chatbot_enabled?: string;
  chatbot_webhook_url?: string;
  /** In each language (issue 19 §2). */
  chatbot_welcome_message?: { en: string; fr: string };
};

async function saveSettings(admin: APIRequestContext, values: ChatSettings): Promise<void> {
  const saved = await admin.patch('/api/admin/settings', { data: { values } });
  expect(saved.status()).toBe(200);
}

async function readChatSettings(admin: APIRequestContext): Promise<ChatSettings> {
  const all = (await (await admin.get('/api/admin/settings')).json()) as ChatSettings;
  return Object.fromEntries(CHAT_KEYS.map((key) => [key, all[key]])) as ChatSettings;
}

test('Visitors chat with the assistant once an administrator switches it on', async ({ page, adminRequest: admin }) => {
  const welcome = 'Welcome to the trading desk! Ask me about our robots.';
  const frenchWelcome = 'Bienvenue au desk de trading ! Posez-moi vos questions sur nos robots.';
  const fake = await startFakeWorkflow('/chat');
  const before = await readChatSettings(admin);
  try {
    await saveSettings(admin, {
      chatbot_enabled: 'true',
      chatbot_webhook_url: fake.url,
      chatbot_welcome_message: { en: welcome, fr: frenchWelcome },
    });

    await page.goto('/');
    const launcher = page.getByRole('button', { name: 'Chat with the AI Assistant' });
    await launcher.click();
    const panel = page.getByRole('dialog', { name: 'AI Assistant' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Online', { exact: true })).toBeVisible();
    const messages = panel.getByRole('log').getByRole('listitem');
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText(welcome);
    const input = panel.getByRole('textbox', { name: 'Your message' });
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('placeholder', 'Type your message...');
    const send = panel.getByRole('button', { name: 'Send' });

    // Hold the reply at the browser to see the waiting state, without relying on timing.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/chat', async (route) => {
      await held;
      await route.continue();
    });
    fake.answer = { status: 200, body: { response: 'Aurora Scalper trades EURUSD during the London session.' } };
    await input.fill('Which robot trades EURUSD?');
    await input.press('Enter');
    await expect(input).toBeDisabled();
    await expect(send).toBeDisabled();
    await expect(messages).toHaveCount(3);
    await expect(messages.nth(1)).toContainText('Which robot trades EURUSD?');
    await expect(messages.nth(2)).toContainText('The assistant is typing…');
    release();
    await expect(messages.nth(2)).toContainText('Aurora Scalper trades EURUSD during the London session.');
    await expect(input).toBeEnabled();
    await expect(input).toBeFocused();
    await page.unroute('**/api/chat');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toEqual({ message: 'Which robot trades EURUSD?', timestamp: expect.any(String) });

    // Shift+Enter does not send; the button does. Blank text is ignored.
    fake.answer = { status: 200, body: { response: null } };
    await input.fill('Is there a gold robot?');
    await input.press('Shift+Enter');
    await expect(input).toHaveValue('Is there a gold robot?');
    await send.click();
    await expect(messages.last()).toContainText('I could not process your request.');
    await input.fill('   ');
    await input.press('Enter');
    await expect(messages).toHaveCount(5);

    fake.answer = { status: 500, body: { error: 'workflow crashed' } };
    await input.fill('Are you there?');
    await input.press('Enter');
    await expect(messages.last()).toContainText(
      'Sorry, I am experiencing technical difficulties. Please try again later.',
    );
    expect(fake.requests.map((request) => (request.body as { message: string }).message)).toEqual([
      'Which robot trades EURUSD?',
      'Is there a gold robot?',
      'Are you there?',
    ]);

    // Closing clears the conversation and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();
    await launcher.click();
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText(welcome);
    await panel.getByRole('button', { name: 'Close the chat' }).click();
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();

    // A French reader is welcomed in French.
    await page.context().addCookies([{ name: 'lang', value: 'fr', url: page.url() }]);
    await page.reload();
    await page.getByRole('button', { name: "Discuter avec l'assistant IA" }).click();
    const frenchPanel = page.getByRole('dialog', { name: 'Assistant IA' });
    await expect(frenchPanel.getByRole('log').getByRole('listitem').first()).toContainText(frenchWelcome);
  } finally {
    await saveSettings(admin, before);
    await fake.close();
  }
});

test('Visitors see no chat button while the assistant is switched off', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Chat with the AI Assistant' })).toHaveCount(0);
  const refused = await request.post('/api/chat', { data: { message: 'Hello?' } });
  expect(refused.status()).toBe(403);
});
