import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_ADMIN, expect, signIn, test } from './fixtures.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function setChat(api: APIRequestContext, enabled: boolean) {
  const response = await api.patch('/api/admin/settings', { data: { values: { chatbot_enabled: String(enabled) } } });
  expect(response.status()).toBe(200);
}

/** Nothing of the storefront's frame: no footer (newsletter form, legal links), no chat button. */
async function expectNoStorefrontFrame(page: Page) {
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Subscribe|S'abonner)$/ })).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: /^(Chat with the AI Assistant|Discuter avec l'assistant IA)$/ }),
  ).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
}

const exactly = (href: string) => new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * Nothing on the page reaches past the screen's right edge, and no table hides columns in a
 * sideways scroll of its own: no sideways scrolling at all.
 */
async function expectNoSidewaysScroll(page: Page) {
  // Typed loosely: the tests compile without the DOM's types.
  const overflow = await page.evaluate(() => {
    type Box = { scrollWidth: number; clientWidth: number; parentElement: Box | null };
    const { document, innerWidth } = globalThis as unknown as {
      document: { documentElement: { scrollWidth: number }; querySelectorAll: (selector: string) => Box[] };
      innerWidth: number;
    };
    const tables = [...document.querySelectorAll('main table')].map((table) => {
      const scroller = table.parentElement!;
      return scroller.scrollWidth - scroller.clientWidth;
    });
    return Math.max(document.documentElement.scrollWidth - innerWidth, ...tables);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectWithinScreen(locator: Locator, width: number) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

test('Every admin page opens in the back-office shell at 1280 px and 390 px, in English and French', async ({
  adminPage: page,
  adminRequest,
}) => {
  test.setTimeout(120_000);
  await setChat(adminRequest, true);
  try {
    // Wide: the side navigation is always there, the account in the top bar.
    await page.setViewportSize(DESKTOP);
    await page.goto('/Dashboard');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(/^Dashboard \| /);
    await expect(page.getByRole('banner').getByText(E2E_ADMIN.email)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    const links = nav.getByRole('link');
    const entries = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => ({ name: anchor.textContent!.trim(), href: anchor.getAttribute('href')! })),
    );
    // SPEC §2's eleven pages, the four legal pages' editors and the activity log.
    expect(entries.length).toBeGreaterThanOrEqual(15);
    for (const { name, href } of entries) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(exactly(href));
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoStorefrontFrame(page);
      await expectNoSidewaysScroll(page);
    }
    // Each page has a title of its own.
    await page.goto('/Activity');
    await expect(page).toHaveTitle(/^Activity log \| /);
    await page.goto('/PageManagement?slug=terms');
    await expect(page).toHaveTitle(/^Terms of Service — page editor \| /);

    // A phone: a menu button opens the same navigation as a drawer, with the account in it.
    await page.setViewportSize(PHONE);
    for (const { name, href } of entries) {
      await page.getByRole('button', { name: 'Open the back-office menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Back office' });
      await expect(drawer.getByText(E2E_ADMIN.email)).toBeVisible();
      await drawer.getByRole('link', { name, exact: true }).click();
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(exactly(href));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoStorefrontFrame(page);
      await expectNoSidewaysScroll(page);
    }

    // In French: the drawer's language switch, the navigation's words, the page's title.
    await page.getByRole('button', { name: 'Open the back-office menu' }).click();
    let drawer = page.getByRole('dialog', { name: 'Back office' });
    await drawer.getByRole('button', { name: 'FR', exact: true }).click();
    drawer = page.getByRole('dialog', { name: 'Administration' });
    await drawer.getByRole('link', { name: 'Gestion des robots' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gestion des robots' })).toBeVisible();
    await expect(page).toHaveTitle(/^Gestion des robots \| /);

    // The robots' table is a list of cards: each row's actions are on the screen.
    const row = page.getByRole('row').filter({ hasText: 'Aurora Scalper' });
    await expectWithinScreen(row.getByRole('button', { name: 'Modifier Aurora Scalper' }), PHONE.width);
    await expectWithinScreen(row.getByRole('button', { name: 'Supprimer Aurora Scalper' }), PHONE.width);
    // Each value beside its column's name (drawn by CSS from the header it repeats).
    const price = row.getByRole('cell').nth(2);
    const label = await price.evaluate((cell) => {
      const { getComputedStyle } = globalThis as unknown as {
        getComputedStyle: (element: unknown, pseudo: string) => { content: string };
      };
      return getComputedStyle(cell, '::before').content;
    });
    expect(label).toBe('"Prix"');

    // Back to the shop from the drawer: the storefront's frame again.
    await page.getByRole('button', { name: "Ouvrir le menu d'administration" }).click();
    await page
      .getByRole('dialog', { name: 'Administration' })
      .getByRole('link', { name: 'Retour à la boutique' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('button', { name: "Discuter avec l'assistant IA" })).toBeVisible();
  } finally {
    await setChat(adminRequest, false);
  }
});

test('Administrators reorder banners to the front, and the storefront follows', async ({
  adminPage: page,
  adminRequest,
}) => {
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36);
  const created: string[] = [];
  try {
    for (const title of [`Spring ${suffix}`, `Summer ${suffix}`]) {
      const response = await adminRequest.post('/api/admin/banners', {
        data: { title: { en: title, fr: '' }, type: 'image', content_url: '/demo/banners/trading-robots.svg' },
      });
      expect(response.status()).toBe(201);
      created.push(((await response.json()) as { id: string }).id);
    }
    await page.goto('/HeroBannerManagement');
    const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows.filter({ hasText: `Summer ${suffix}` })).toBeVisible();
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(3);
    // New banners went last, in the order they were made.
    await expect(rows.last()).toContainText(`Summer ${suffix}`);
    await expect(rows.nth(count - 2)).toContainText(`Spring ${suffix}`);
    // ↑ is disabled at the top, ↓ at the bottom.
    await expect(rows.first().getByRole('button', { name: /^Move .+ up$/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: `Move Summer ${suffix} down` })).toBeDisabled();

    // Each ↑ swaps with the neighbour above; the positions read 1..n, as the FAQs' do.
    for (let steps = 1; steps < count; steps++) {
      await page.getByRole('button', { name: `Move Summer ${suffix} up` }).click();
      await expect(rows.nth(count - 1 - steps)).toContainText(`Summer ${suffix}`);
    }
    await expect(page.getByRole('button', { name: `Move Summer ${suffix} up` })).toBeDisabled();
    const order = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[3]!.textContent!.trim()));
    expect(order).toEqual([...Array(count).keys()].map((index) => String(index + 1)));

    // The storefront's carousel starts with it.
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Featured' });
    await expect(carousel.getByRole('group', { name: `1 of ${count}` }).getByRole('img')).toHaveAttribute(
      'alt',
      `Summer ${suffix}`,
    );
  } finally {
    for (const id of created) await adminRequest.delete(`/api/admin/banners/${id}`);
  }
});

test('The activity log names each change in the reader’s language', async ({ adminPage: page, adminRequest }) => {
  const suffix = Date.now().toString(36);
  const name = `Scalpers ${suffix}`;
  const created = await adminRequest.post('/api/admin/categories', {
    data: { name: { en: name, fr: '' }, key: `scalpers_${suffix}` },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    const updated = await adminRequest.patch(`/api/admin/categories/${id}`, { data: { active: false } });
    expect(updated.status()).toBe(200);

    await page.goto('/Activity');
    await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Categories' });
    const rows = page.getByRole('row').filter({ hasText: name });
    const update = rows.filter({ hasText: 'Updated · Category' });
    await expect(update).toHaveCount(1);
    await expect(update).toContainText('Active: yes → no');
    await expect(rows.filter({ hasText: 'Created · Category' })).toContainText(`Name: ${name}`);
    // No raw code or JSON left.
    await expect(rows.filter({ hasText: /update · category|"active"|true/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'FR', exact: true }).click();
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('category');
    await expect(page.getByLabel('Type', { exact: true }).locator('option:checked')).toHaveText('Catégories');
    const modification = rows.filter({ hasText: 'Modification · Catégorie' });
    await expect(modification).toHaveCount(1);
    await expect(modification).toContainText('Actif : oui → non');
    await expect(rows.filter({ hasText: 'Création · Catégorie' })).toContainText(`Nom : ${name}`);
  } finally {
    await adminRequest.delete(`/api/admin/categories/${id}`);
  }
});

test('A role change asks first, and the only administrator is told their role cannot change', async ({
  adminPage: page,
  adminRequest,
  client,
}) => {
  // Other journeys promote their own clients: back to one administrator, the end-to-end one.
  const users = (await (await adminRequest.get('/api/admin/users')).json()) as Array<{
    id: string;
    email: string;
    role: string;
  }>;
  for (const other of users.filter((user) => user.role === 'admin' && user.email !== E2E_ADMIN.email)) {
    expect((await adminRequest.patch(`/api/admin/users/${other.id}`, { data: { role: 'client' } })).status()).toBe(200);
  }
  await page.goto('/UserManagement');
  const ownRow = page.getByRole('row').filter({ hasText: E2E_ADMIN.email });
  await expect(ownRow.getByRole('combobox')).toBeDisabled();
  await expect(
    ownRow.getByText('The only administrator cannot be demoted: make another user an administrator first.'),
  ).toBeVisible();

  const clientRole = page.getByRole('combobox', { name: `Role of ${client.name}` });
  let patches = 0;
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/admin/users/')) patches++;
  });
  await clientRole.selectOption('admin');
  const dialog = page.getByRole('alertdialog', { name: 'Change the role?' });
  await expect(dialog).toContainText(`${client.name} will be an administrator`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(clientRole).toHaveValue('client');
  expect(patches).toBe(0);

  await clientRole.selectOption('admin');
  await page.getByRole('alertdialog', { name: 'Change the role?' }).getByRole('button', { name: 'Make Admin' }).click();
  await expect(page.getByText(`${client.name} is now Admin.`)).toBeVisible();
  await expect(clientRole).toHaveValue('admin');
  // Two administrators now: neither is the only one.
  await expect(ownRow.getByText('The only administrator cannot be demoted', { exact: false })).toHaveCount(0);

  await clientRole.selectOption('client');
  const demote = page.getByRole('alertdialog', { name: 'Change the role?' });
  await expect(demote).toContainText(`${client.name} will be a client and lose access to the back office.`);
  await demote.getByRole('button', { name: 'Make Client' }).click();
  await expect(clientRole).toHaveValue('client');
  expect(patches).toBe(2);
});

test('The dashboard’s revenue chart reads its days in the reader’s language', async ({ adminPage: page }) => {
  await page.goto('/Dashboard');
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const chart = page.getByRole('figure', { name: /Chiffre d'affaires, 30 derniers jours/ });
  const axis = chart.locator('div').last().locator('span');
  await expect(axis).toHaveCount(2);
  for (const label of await axis.allInnerTexts()) {
    expect(label).toMatch(/^\d{1,2} \S+ \d{4}$/);
    expect(label).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  }
  await expect(page).toHaveTitle(/^Tableau de bord \| /);
});

test('Visitors’ pages log no error, and a password sign-in shows no empty message', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of ['/', '/FAQ', '/CopyTrade', '/Terms', '/Dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  expect(errors).toEqual([]);

  await page.goto('/');
  await signIn(page, E2E_ADMIN);
  await expect(page.getByRole('banner').getByText(E2E_ADMIN.email)).toBeVisible();
  // The notice that followed every sign-in had a close button and no text.
  await expect(page.locator('[role="status"]').filter({ has: page.getByRole('button') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Admin', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test('On a phone, the carousel’s controls leave the banner whole and the chat button leaves the order form clear', async ({
  browser,
  adminRequest,
  client,
}) => {
  await setChat(adminRequest, true);
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Featured' });
    const slide = (await carousel.getByRole('group', { name: '1 of 2' }).boundingBox())!;
    const controls = (await carousel.getByRole('button', { name: 'Previous slide' }).boundingBox())!;
    expect(controls.y).toBeGreaterThanOrEqual(slide.y + slide.height);

    await signIn(page, client);
    const robots = (await (await page.request.get('/api/robots')).json()) as Array<{ id: string }>;
    await page.goto(`/OrderForm?robotId=${robots[0]!.id}`);
    const form = page.getByRole('main').locator('form');
    await expect(form).toBeVisible();
    const chat = page.getByRole('button', { name: 'Chat with the AI Assistant' });
    await expect(chat).toBeVisible();
    // Wherever the form is scrolled, the button is not over it: it waits at the end of the page.
    for (const field of await form.locator('input, textarea, button').all()) {
      await field.scrollIntoViewIfNeeded();
      const fieldBox = await field.boundingBox();
      const chatBox = await chat.boundingBox();
      if (!fieldBox || !chatBox) continue;
      const overlaps =
        fieldBox.x < chatBox.x + chatBox.width &&
        chatBox.x < fieldBox.x + fieldBox.width &&
        fieldBox.y < chatBox.y + chatBox.height &&
        chatBox.y < fieldBox.y + fieldBox.height;
      expect(overlaps).toBe(false);
    }
  } finally {
    await context.close();
    await setChat(adminRequest, false);
  }
});
