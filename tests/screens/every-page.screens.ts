import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { PAGES, orderPagePath, pagePath, type PageName } from '../../src/shared/pages.js';
import { E2E_PUBLIC_URL } from '../support/e2e-shop.js';
import { projectRoot } from '../support/processes.js';
import { ex5File } from '../support/robot-files.js';
import { orderBody } from '../support/orders.js';
import { E2E_ADMIN, expect, signUp, test, type Credentials } from '../e2e/fixtures.js';

// `npm run screens` (playwright.screens.config.ts): a full-page screenshot of every page of
// src/shared/pages.ts, as the visitor, client or administrator who sees it, in both languages and
// at a phone's and a desktop's width, into screens/<shot>-<lang>-<width>.png. Not a test: it
// fails only when a page cannot be reached or never finishes loading. A person looks at the PNGs.

const SCREENS_DIR = path.join(projectRoot, 'screens');
const LANGUAGES = ['en', 'fr'] as const;
const WIDTHS = [390, 1280] as const;
/** The first screen's height; a full-page screenshot takes the whole page whatever it is. */
const HEIGHT = 844;
/** The back office's API takes writes from the shop's own origin only, as a browser sends them. */
const ORIGIN = { origin: E2E_PUBLIC_URL };

type Viewer = 'visitor' | 'client' | 'administrator';

interface Shot {
  /** The file name's first part: the page's name, and who sees it when a page has two faces. */
  name: string;
  page: PageName;
  viewer: Viewer;
  /** The address to open; the page's own path unless it needs a query or a slug. */
  url: string;
  /** After loading, before the screenshot: opens what the screenshot is about. */
  prepare?: (page: Page) => Promise<void>;
  /** Only at these widths, when the shot means nothing at the others. */
  widths?: readonly number[];
  /** The screen as it is rather than the whole page (for a drawer, which covers the screen). */
  screenOnly?: boolean;
}

/** What the pages need to show real content, made once through the API. */
interface Content {
  robotSlug: string;
  robotId: string;
  comparedIds: string[];
  orderId: string;
}

/** A robot sold with a licence and delivered automatically from its release, put on sale. */
async function licensedRobotWithRelease(admin: Page): Promise<{ id: string; name: string }> {
  const name = `Screens Licensed ${Date.now().toString(36)}`;
  const created = await admin.request.post('/api/admin/robots', {
    data: {
      name,
      price: 149,
      delivery: 'automatic',
      status: 'inactive',
      licence_required: true,
      licence_real_slots: 1,
      licence_demo_slots: 2,
    },
    headers: ORIGIN,
  });
  expect(created.status(), 'robot creation').toBe(201);
  const { id } = (await created.json()) as { id: string };
  const released = await admin.request.post(`/api/admin/robots/${id}/releases`, {
    multipart: {
      version: '1.2.0',
      notes: 'Tighter stops on news days.',
      file: { name: 'Screens Robot.ex5', mimeType: 'application/octet-stream', buffer: ex5File() },
    },
    headers: ORIGIN,
  });
  expect(released.status(), 'release').toBe(201);
  const activated = await admin.request.patch(`/api/admin/robots/${id}`, {
    data: { status: 'active' },
    headers: ORIGIN,
  });
  expect(activated.status(), 'robot activation').toBe(200);
  return { id, name };
}

/** An order placed by the client (signed in on `client`); the administrator marks it paid when asked. */
async function placeOrder(client: Page, admin: Page, robotId: string, paid: boolean): Promise<string> {
  const placed = await client.request.post('/api/orders', { data: orderBody(robotId), headers: ORIGIN });
  expect(placed.status(), 'order').toBe(201);
  const { id } = (await placed.json()) as { id: string };
  if (paid) {
    const marked = await admin.request.patch(`/api/admin/orders/${id}`, { data: { status: 'paid' }, headers: ORIGIN });
    expect(marked.status(), 'order paid').toBe(200);
  }
  return id;
}

async function prepareContent(admin: Page, client: Page): Promise<Content> {
  const catalogue = (await (await client.request.get('/api/robots')).json()) as { id: string; slug: string }[];
  expect(catalogue.length, 'the demo catalogue').toBeGreaterThan(1);
  const robot = await licensedRobotWithRelease(admin);
  // My Orders with an order of each kind: delivered with a licence, paid by hand, awaiting payment.
  const orderId = await placeOrder(client, admin, robot.id, true);
  await placeOrder(client, admin, catalogue[0]!.id, true);
  await placeOrder(client, admin, catalogue[1]!.id, false);
  return {
    robotSlug: catalogue[0]!.slug,
    robotId: catalogue[0]!.id,
    comparedIds: catalogue.slice(0, 3).map((entry) => entry.id),
    orderId,
  };
}

/**
 * Opens the phone's back-office drawer, on a screen tall enough to show all of it (the drawer
 * covers the screen and scrolls inside, which a full-page screenshot would not show).
 */
async function openAdminMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Open the back-office menu|Ouvrir le menu d'administration)$/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  const height = await drawer.evaluate((element) => element.scrollHeight);
  await page.setViewportSize({ width: page.viewportSize()!.width, height: Math.max(HEIGHT, height) });
}

function shotsOf(content: Content): Shot[] {
  const shots: Shot[] = [];
  const add = (page: PageName, viewer: Viewer, url = pagePath(page), name: string = page) =>
    shots.push({ name, page, viewer, url });
  // The storefront, as a visitor finds it.
  add('Home', 'visitor');
  add('RobotDetail', 'visitor', `/robots/${content.robotSlug}`);
  add('FAQ', 'visitor');
  add('CopyTrade', 'visitor');
  add('Update', 'visitor');
  add('Terms', 'visitor');
  add('Privacy', 'visitor');
  add('RefundPolicy', 'visitor');
  add('RiskDisclosure', 'visitor');
  add('Compare', 'visitor', `/Compare?robots=${content.comparedIds.join(',')}`);
  // A reset link as the e-mail brings it: the form (the token is checked when it is sent).
  add('ResetPassword', 'visitor', '/ResetPassword?token=screens-token');
  // The client's pages.
  add('OrderForm', 'client', `/OrderForm?robotId=${content.robotId}`);
  add('Dashboard', 'client', pagePath('Dashboard'), 'Dashboard-client');
  add('Account', 'client');
  add('OrderDetail', 'client', orderPagePath('OrderDetail', content.orderId));
  add('OrderLicence', 'client', orderPagePath('OrderLicence', content.orderId));
  // The back office; its Dashboard is Order Management.
  add('Dashboard', 'administrator', pagePath('Dashboard'), 'Dashboard-admin');
  for (const page of PAGES.filter((name) => name.endsWith('Management') && name !== 'PageManagement'))
    add(page, 'administrator');
  add('PageManagement', 'administrator', '/PageManagement?slug=terms');
  add('Settings', 'administrator');
  add('Activity', 'administrator');
  // The side navigation folded into a drawer: a phone's view only (from 1024 px it is always shown).
  shots.push({
    name: 'AdminMenu',
    page: 'Dashboard',
    viewer: 'administrator',
    url: pagePath('Dashboard'),
    prepare: openAdminMenu,
    widths: [390],
    screenOnly: true,
  });
  return shots;
}

/**
 * The page has finished loading: its heading is shown, no skeleton or busy region is left, no
 * "Loading…" text, every image (lazy ones made eager) is complete and the fonts are ready; then
 * back at the top.
 */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => page.evaluate(stillLoading), {
      message: `${page.url()} finishes loading`,
      timeout: 15_000,
      intervals: [100],
    })
    .toEqual([]);
  await page.evaluate(() => (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0));
}

/**
 * What the page is still loading, in the browser (an empty list when it is done). A function, not
 * a string (the shop's CSP forbids eval), typed loosely: the tests compile without the DOM's types.
 */
function stillLoading(): string[] {
  type Image = { loading: string; complete: boolean; currentSrc: string };
  const { document } = globalThis as unknown as {
    document: {
      querySelectorAll: (selector: string) => Iterable<{ outerHTML: string; scrollIntoView: () => void }>;
      body: { innerText: string };
      fonts: { status: string };
      images: Iterable<Image>;
    };
  };
  const pending: string[] = [];
  for (const image of document.images) {
    if (image.loading === 'lazy') image.loading = 'eager';
    if (!image.complete) pending.push(`image ${image.currentSrc}`);
  }
  // Some sections load only when the reader comes near them (the track record): bring them near.
  for (const busy of document.querySelectorAll('[aria-busy="true"], .animate-pulse')) {
    busy.scrollIntoView();
    pending.push(busy.outerHTML.slice(0, 120));
  }
  const loadingText = /\b(Loading|Chargement)\b[^\n]*…/.exec(document.body.innerText);
  if (loadingText) pending.push(loadingText[0]);
  if (document.fonts.status !== 'loaded') pending.push('fonts');
  return pending;
}

async function contextFor(browser: Browser, credentials: Credentials | null, lang: string): Promise<BrowserContext> {
  // A French visitor's browser speaks French too (Accept-Language, navigator.language). Chromium
  // still draws empty date fields as mm/dd/yyyy: that follows its own interface language.
  const context = await browser.newContext({ baseURL: E2E_PUBLIC_URL, locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  await context.addCookies([{ name: 'lang', value: lang, url: E2E_PUBLIC_URL }]);
  if (credentials) {
    const signedIn = await context.request.post('/api/auth/sign-in/email', { data: credentials, headers: ORIGIN });
    expect(signedIn.status(), 'sign-in').toBe(200);
  }
  return context;
}

test('Every page, in English and French, at 390 and 1280 px', async ({ browser, request }) => {
  // Only this run's screenshots: none left over from a page or shot that no longer exists.
  rmSync(SCREENS_DIR, { recursive: true, force: true });
  mkdirSync(SCREENS_DIR, { recursive: true });
  const client = await signUp(request, { name: 'Camille Client', label: 'screens' });
  const viewers: Record<Viewer, Credentials | null> = { visitor: null, client, administrator: E2E_ADMIN };

  const setupAdmin = await (await contextFor(browser, E2E_ADMIN, 'en')).newPage();
  const setupClient = await (await contextFor(browser, client, 'en')).newPage();
  const shots = shotsOf(await prepareContent(setupAdmin, setupClient));
  await setupAdmin.context().close();
  await setupClient.context().close();
  // A page added to src/shared/pages.ts without its shot here fails the run rather than go unseen.
  expect(
    PAGES.filter((page) => !shots.some((shot) => shot.page === page)),
    'pages without a screenshot',
  ).toEqual([]);

  for (const lang of LANGUAGES) {
    for (const viewer of Object.keys(viewers) as Viewer[]) {
      const context = await contextFor(browser, viewers[viewer], lang);
      const page = await context.newPage();
      for (const shot of shots.filter((candidate) => candidate.viewer === viewer)) {
        for (const width of shot.widths ?? WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          await page.goto(shot.url);
          await settle(page);
          await shot.prepare?.(page);
          await page.screenshot({
            path: path.join(SCREENS_DIR, `${shot.name}-${lang}-${width}.png`),
            fullPage: !shot.screenOnly,
          });
        }
      }
      await context.close();
    }
  }
});
