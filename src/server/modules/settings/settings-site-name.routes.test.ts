import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../../tests/support/fake-smtp-server.js';
import { decodeMail, type OutboxMail } from '../../../../tests/support/outbox.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { escapeHtml } from '../../text/escape-html.js';

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const structured = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
const FRENCH = { 'accept-language': 'fr-FR,fr;q=0.9' };

describe.each(testDialects)('the shop’s own name (issue 19 §1) on %s', (dialect) => {
  let shop: Shop;
  let smtp: FakeSmtpServer;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    shop = await withShop(dialect, {
      webShell: true,
      // Its display name is the old way of naming the sender: only the address counts now.
      env: { SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'false', MAIL_FROM: 'Old Name <orders@shop.example>' },
    });
  });
  afterAll(async () => {
    await shop.close();
    await smtp.close();
  });

  const rename = async (name: string) => {
    const response = await shop.admin.patch('/api/admin/settings', { values: { site_name: name } });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** Messages the SMTP server got for `to` since `from`, decoded. */
  const mailsTo = (to: string, from = 0): OutboxMail[] =>
    smtp.messages
      .slice(from)
      .filter((mail) => mail.to.includes(to))
      .map((mail) => decodeMail(mail.raw));

  it('is seeded "TradeBot Store", and takes 1 to 60 characters, trimmed, without control characters', async () => {
    expect((await shop.anonymous.get('/api/settings/public')).json()).toMatchObject({ site_name: 'TradeBot Store' });
    for (const refused of ['', '   ', 'x'.repeat(61), 'Orion\nBots', 'Orion\tBots', 'Orion\u0007', 'Orion\u2028Bots']) {
      const response = await shop.admin.patch('/api/admin/settings', { values: { site_name: refused } });
      expect(response.statusCode, JSON.stringify(refused)).toBe(400);
      expect(response.json().error.fields).toHaveProperty(['body.values.site_name']);
    }
    expect((await shop.admin.get('/api/admin/settings')).json()).toMatchObject({ site_name: 'TradeBot Store' });

    const longest = 'É'.repeat(60);
    const saved = await shop.admin.patch('/api/admin/settings', { values: { site_name: `  ${longest} ` } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().site_name).toBe(longest);
    await rename('  Orion Bots ');
    expect((await shop.anonymous.get('/api/settings/public')).json()).toMatchObject({ site_name: 'Orion Bots' });
  });

  it('titles every page of the sitemap with it, in link previews and JSON-LD too, and product.html carries it', async () => {
    await rename('Orion Bots');
    const robot = await shop.newRobot({ name: 'Orion EA' });

    const home = (await shop.anonymous.get('/')).body;
    expect(title(home)).toBe('Orion Bots — AI Trading Robots for MT4 &amp; MT5');
    expect(home).toContain('<meta property="og:site_name" content="Orion Bots">');
    expect(structured(home)).toContainEqual(
      expect.objectContaining({ '@type': 'WebSite', name: 'Orion Bots', url: 'http://localhost:3000/' }),
    );
    expect(title((await shop.anonymous.get('/', FRENCH)).body)).toBe(
      'Orion Bots — Robots de trading IA pour MT4 et MT5',
    );

    const robotPage = (await shop.anonymous.get(`/robots/${robot.slug}`)).body;
    expect(title(robotPage)).toBe('Orion EA | Orion Bots');
    expect(structured(robotPage)).toContainEqual(
      expect.objectContaining({
        '@type': 'Product',
        brand: { '@type': 'Brand', name: 'Orion Bots' },
        offers: expect.objectContaining({
          seller: { '@type': 'Organization', name: 'Orion Bots', url: 'http://localhost:3000/' },
        }),
      }),
    );

    // Every page a search engine is sent to names the shop, and none the former name.
    const sitemap = (await shop.anonymous.get('/sitemap.xml')).body;
    const pages = [...sitemap.matchAll(/<loc>http:\/\/localhost:3000([^<]*)<\/loc>/g)].map((match) => match[1]!);
    expect(pages).toEqual(expect.arrayContaining(['/', '/FAQ', '/Terms', '/product.html', `/robots/${robot.slug}`]));
    for (const path of pages) {
      const page = await shop.anonymous.get(path);
      expect(page.statusCode, path).toBe(200);
      expect(title(page.body), path).toMatch(/Orion Bots/);
      expect(page.body, path).not.toContain('TradeBot Store');
    }

    const products = (await shop.anonymous.get('/product.html', FRENCH)).body;
    expect(title(products)).toBe('Nos produits | Orion Bots');
    expect(products).toContain(
      `<span class="truncate text-base font-bold tracking-tight text-white sm:text-lg">Orion Bots</span>`,
    );
    expect(products).toContain(`© ${new Date().getFullYear()} Orion Bots. Tous droits réservés.`);
  });

  it('applies a new name at once, escaped, and puts the logo beside it on product.html', async () => {
    await rename('Dupont & Fils <Robots>');
    await shop.setSetting('site_logo_url', '/files/public/images/logo.png');
    const products = (await shop.anonymous.get('/product.html')).body;
    const escaped = escapeHtml('Dupont & Fils <Robots>');
    expect(products).toContain(
      `<img src="/files/public/images/logo.png" alt="" height="36" class="h-9 w-auto max-w-20 shrink-0 object-contain sm:max-w-44"><span class="truncate text-base font-bold tracking-tight text-white sm:text-lg">${escaped}</span>`,
    );
    expect(products).toContain(`© ${new Date().getFullYear()} ${escaped}. All rights reserved.`);
    expect(products).not.toContain('<Robots>');
    expect(title((await shop.anonymous.get('/FAQ')).body)).toBe(`FAQ | ${escaped}`);
    // The pages of emailed links too.
    const unsubscribe = await shop.anonymous.get('/unsubscribe?token=no-such-token');
    expect(unsubscribe.statusCode).toBe(404);
    expect(title(unsubscribe.body)).toBe(`Link not valid | ${escaped}`);
    // The owner's own SEO title leads Home instead of the name and tagline, in the reader's language.
    await shop.admin.patch('/api/admin/settings', {
      values: { seo_title: { en: 'Dupont — trading robots', fr: 'Dupont — robots de trading' } },
    });
    expect(title((await shop.anonymous.get('/')).body)).toBe('Dupont — trading robots');
    expect(title((await shop.anonymous.get('/', FRENCH)).body)).toBe('Dupont — robots de trading');
    await shop.admin.patch('/api/admin/settings', { values: { seo_title: { en: '', fr: '' }, site_logo_url: '' } });
  });

  it('sends every email under its name at MAIL_FROM’s address, and names it in the subject and the signature', async () => {
    await rename('Orion Bots');
    // An account email, in the visitor's language.
    const reader = await shop.newClient();
    const before = smtp.messages.length;
    const reset = await shop.anonymous.post(
      '/api/auth/request-password-reset',
      { email: reader.email, redirectTo: '/ResetPassword' },
      FRENCH,
    );
    expect(reset.statusCode).toBe(200);
    await expect.poll(() => mailsTo(reader.email, before)).toHaveLength(1);
    const [resetMail] = mailsTo(reader.email, before);
    expect(resetMail!.from).toBe('Orion Bots <orders@shop.example>');
    expect(resetMail!.subject).toBe('Réinitialisez votre mot de passe | Orion Bots');
    expect(resetMail!.text).toMatch(/\n-- \nL’équipe Orion Bots\nhttp:\/\/localhost:3000\n?$/);

    // An order email, written to the email outbox in English and signed when it leaves.
    const order = await shop.newOrder({ client: reader });
    await shop.app.emailOutbox.drain();
    const received = mailsTo(reader.email, before).find((mail) => mail.subject.includes('received'));
    expect(received).toBeDefined();
    expect(received!.from).toBe('Orion Bots <orders@shop.example>');
    expect(received!.subject).toMatch(/^Order #\w+ received: .+ \| Orion Bots$/);
    expect(received!.text).toMatch(/\n-- \nThe Orion Bots team\nhttp:\/\/localhost:3000\n?$/);
    expect(order.id).toBeTruthy();

    // A newsletter confirmation, in both languages since the reader's is unknown.
    await shop.setSetting('newsletter_double_opt_in', 'true');
    const subscribe = await shop.anonymous.post('/api/newsletter/subscribe', { email: 'orion-reader@example.com' });
    expect(subscribe.statusCode).toBe(201);
    await expect.poll(() => mailsTo('orion-reader@example.com')).toHaveLength(1);
    const [confirmation] = mailsTo('orion-reader@example.com');
    expect(confirmation!.from).toBe('Orion Bots <orders@shop.example>');
    expect(confirmation!.text).toContain('receive the Orion Bots newsletter');
    expect(confirmation!.text).toContain('recevoir la newsletter de Orion Bots');
    expect(confirmation!.text).toContain('-- \nThe Orion Bots team / L’équipe Orion Bots');
    await shop.setSetting('newsletter_double_opt_in', 'false');

    // A new name applies to the next email without a restart; a name with a comma is quoted.
    await rename('Dupont, Robots & Co');
    const later = smtp.messages.length;
    await shop.anonymous.post('/api/auth/request-password-reset', {
      email: reader.email,
      redirectTo: '/ResetPassword',
    });
    await expect.poll(() => mailsTo(reader.email, later)).toHaveLength(1);
    const [renamed] = mailsTo(reader.email, later);
    expect(renamed!.from).toBe('"Dupont, Robots & Co" <orders@shop.example>');
    expect(renamed!.subject).toBe('Reset your password | Dupont, Robots & Co');
    expect(renamed!.text).toContain('-- \nThe Dupont, Robots & Co team');
  });
});
