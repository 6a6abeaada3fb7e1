import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startFakeSmtpServer, type FakeSmtpServer } from '../support/fake-smtp-server.js';
import { decodeMail, type OutboxMail } from '../support/outbox.js';
import { startOwnShop } from '../support/own-shop.js';
import { expect, test } from './fixtures.js';

// Issue 19 §1 and §4. The renaming journey runs on a shop of its own, with a real SMTP server to
// read what it sends (the shared shop writes its mail where a test cannot find it, and other
// journeys expect its name); the robot addresses journey uses the shared shop's demo catalogue.
test.describe.configure({ timeout: 120_000 });

const YEAR = new Date().getFullYear();
const OWNER = { email: 'owner@orion.example', password: 'owner-password-1' };

type Language = 'en' | 'fr';
const words = {
  en: {
    locale: 'en-US',
    shopName: 'Shop name',
    save: 'Save',
    saved: 'Settings saved successfully!',
    rights: 'All rights reserved.',
    tagline: 'AI Trading Robots for MT4 & MT5',
    products: 'Our Products',
    signIn: 'Sign In',
    dialog: 'Welcome',
    forgot: 'Forgot password?',
    send: 'Send the link',
    resetSubject: 'Reset your password',
    team: (shop: string) => `The ${shop} team`,
  },
  fr: {
    locale: 'fr-FR',
    shopName: 'Nom de la boutique',
    save: 'Enregistrer',
    saved: 'Paramètres enregistrés avec succès !',
    rights: 'Tous droits réservés.',
    tagline: 'Robots de trading IA pour MT4 et MT5',
    products: 'Nos produits',
    signIn: 'Connexion',
    dialog: 'Bienvenue',
    forgot: 'Mot de passe oublié ?',
    send: 'Envoyer le lien',
    resetSubject: 'Réinitialisez votre mot de passe',
    team: (shop: string) => `L’équipe ${shop}`,
  },
} as const;

async function signedInContext(browser: Browser, url: string, language: Language): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, locale: words[language].locale });
  const signIn = await context.request.post('/api/auth/sign-in/email', { data: OWNER, headers: { origin: url } });
  expect(signIn.status()).toBe(200);
  return context;
}

/** What a visitor sees of the shop's name: header, footer, title, then Our Products. */
async function expectShopNamed(page: Page, name: string, language: Language) {
  const text = words[language];
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(`© ${YEAR} ${name}. ${text.rights}`);
  await expect(page).toHaveTitle(`${name} — ${text.tagline}`);
  await page.goto('/FAQ');
  await expect(page).toHaveTitle(`FAQ | ${name}`);

  await page.goto('/product.html');
  await expect(page).toHaveTitle(`${text.products} | ${name}`);
  await expect(page.getByRole('banner').getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(`© ${YEAR} ${name}. ${text.rights}`);
  await expect(page.locator('body')).not.toContainText('TradeBot Store');
}

/** A visitor asks for a password reset through the sign-in dialog; the email the shop sends for it. */
async function resetEmail(page: Page, smtp: FakeSmtpServer, language: Language): Promise<OutboxMail> {
  const text = words[language];
  const before = smtp.messages.length;
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: text.signIn, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text.dialog });
  await dialog.getByRole('button', { name: text.forgot }).click();
  await dialog.getByLabel('Email').fill(OWNER.email);
  await dialog.getByRole('button', { name: text.send }).click();
  await expect(dialog.getByRole('status').or(dialog.getByRole('alert'))).toBeVisible();
  await expect.poll(() => smtp.messages.length).toBe(before + 1);
  return decodeMail(smtp.messages.at(-1)!.raw);
}

test('An owner names the shop, in English and in French, and sees the name in the header, footer, title, Our Products and a sent email', async ({
  browser,
}) => {
  const smtp = await startFakeSmtpServer();
  const shop = await startOwnShop({
    SMTP_URL: smtp.url,
    REQUIRE_EMAIL_VERIFICATION: 'false',
    MAIL_FROM: 'no-reply@orion.example',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  });
  try {
    for (const [language, name] of [
      ['en', 'Orion Bots'],
      ['fr', 'Robots Orion'],
    ] as const) {
      const text = words[language];
      const owner = await signedInContext(browser, shop.url, language);
      const settings = await owner.newPage();
      await settings.goto('/Settings');
      const field = settings.getByLabel(text.shopName, { exact: true });
      await field.fill('');
      await settings.getByRole('button', { name: text.save, exact: true }).click();
      // Refused in the form: a shop needs a name.
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await field.fill(name);
      await settings.getByRole('button', { name: text.save, exact: true }).click();
      await expect(settings.getByText(text.saved)).toBeVisible();
      // The back office shell's own logo follows at once (its side bar: the page is an admin one).
      await expect(settings.getByRole('complementary').getByRole('link', { name, exact: true })).toBeVisible();
      await owner.close();

      // A visitor sees it at once, without a restart.
      const visitor = await browser.newContext({ baseURL: shop.url, locale: text.locale });
      const page = await visitor.newPage();
      await expectShopNamed(page, name, language);
      const mail = await resetEmail(page, smtp, language);
      expect(mail.to).toBe(OWNER.email);
      expect(mail.from).toBe(`${name} <no-reply@orion.example>`);
      expect(mail.subject).toBe(`${text.resetSubject} | ${name}`);
      expect(mail.text).toContain(`-- \n${text.team(name)}\n${shop.url}`);
      await visitor.close();
    }
  } finally {
    await shop.stop();
    await smtp.close();
  }
});

interface DemoRobot {
  id: string;
  name: string;
  slug: string;
}

test('A client opens /robots/<slug> from a card and from an old address, in English and French', async ({
  clientPage: page,
  adminPage,
  adminRequest,
}) => {
  const robots = (await (await adminRequest.get('/api/robots')).json()) as DemoRobot[];
  const polaris = robots.find((robot) => robot.name === 'Polaris Swing')!;
  expect(polaris.slug).toBe('polaris-swing');

  for (const language of ['en', 'fr'] as const) {
    await page.goto('/');
    if (language === 'fr') await page.getByRole('button', { name: 'FR', exact: true }).click();
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Polaris Swing' }) });
    await card.getByRole('link', { name: language === 'en' ? 'BOOK YOUR AI NOW !' : 'RÉSERVEZ VOTRE IA !' }).click();
    await expect(page).toHaveURL(/\/robots\/polaris-swing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Polaris Swing' })).toBeVisible();
    await expect(page).toHaveTitle('Polaris Swing | TradeBot Store');

    // The SPEC's address, as old links and bookmarks hold it, lands on the new one.
    await page.goto(`/RobotDetail?robotId=${polaris.id}`);
    await expect(page).toHaveURL(/\/robots\/polaris-swing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Polaris Swing' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/robots\/polaris-swing$/);
  }

  // The owner gives the robot another address in its form; a taken one is refused with a message.
  await adminPage.goto('/RobotManagement');
  await adminPage.getByRole('button', { name: 'Edit Polaris Swing' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Edit robot' });
  const address = dialog.getByLabel('Address', { exact: true });
  await expect(address).toHaveValue('polaris-swing');
  await address.fill('aurora-scalper');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  // The toast's title (its description repeats the server's words: issue 19 §5, the admin kit's toasts).
  await expect(
    adminPage.getByText('The address /robots/aurora-scalper is already used by another robot.').first(),
  ).toBeVisible();
  await expect(dialog.getByText('already used by another robot')).toBeVisible();
  await address.fill('Polaris-Swing-FX');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(adminPage.getByText('Robot Polaris Swing saved.')).toBeVisible();
  try {
    // Its former address, shared before the change, still leads to it.
    await page.goto('/robots/polaris-swing');
    await expect(page).toHaveURL(/\/robots\/polaris-swing-fx$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Polaris Swing' })).toBeVisible();
  } finally {
    // Other journeys know the demo robot by its first address.
    const restored = await adminRequest.patch(`/api/admin/robots/${polaris.id}`, { data: { slug: 'polaris-swing' } });
    expect(restored.status()).toBe(200);
  }
});
