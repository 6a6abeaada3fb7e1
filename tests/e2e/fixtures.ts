// The browser tests' kit (decision 0016): who is signed in, and how, written once. Specs import
// `test` and `expect` from here; playwright.config.ts sets the one baseURL.
import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { E2E_ADMIN, E2E_PUBLIC_URL } from '../support/e2e-shop.js';

export { expect };
export { E2E_ADMIN };

export interface Credentials {
  email: string;
  password: string;
}

export interface E2EClient extends Credentials {
  name: string;
}

/** better-auth takes sign-ins and sign-ups from the shop's own origin only; a browser sends it, an API context must. */
const ORIGIN = { origin: E2E_PUBLIC_URL };

/** A fresh address per call: the shop's database lives as long as the Playwright run. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Signs in through the header's dialog, as a visitor does (English page): fills it, submits
 * it, and gives the dialog back, for a test that expects it to refuse.
 */
export async function submitSignIn(page: Page, { email, password }: Credentials): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  return dialog;
}

/** Signs in through the header's dialog and waits for it to close. */
export async function signIn(page: Page, credentials: Credentials): Promise<void> {
  await expect(await submitSignIn(page, credentials)).toBeHidden();
}

function expectOk(response: APIResponse, what: string): void {
  expect(response.status(), what).toBe(200);
}

/** Creates a client account through the API; `request` keeps its session, if it has cookies. */
export async function signUp(
  request: APIRequestContext,
  { name = 'E2E Client', label = 'client' }: { name?: string; label?: string } = {},
): Promise<E2EClient> {
  const client = { name, email: uniqueEmail(label), password: `${label}-password-1` };
  expectOk(await request.post('/api/auth/sign-up/email', { data: client, headers: ORIGIN }), 'sign-up');
  return client;
}

/** A page of its own (a new browser context), signed in through the API. */
export async function signedInPage(browser: Browser, credentials: Credentials): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  expectOk(await page.request.post('/api/auth/sign-in/email', { data: credentials, headers: ORIGIN }), 'sign-in');
  return page;
}

export const test = base.extend<{
  /** The administrator's API session, apart from any browser; sends the shop's Origin. */
  adminRequest: APIRequestContext;
  /** A page of its own, signed in as the administrator. */
  adminPage: Page;
  /** A new client account, not signed in anywhere. */
  client: E2EClient;
  /** A page of its own, signed in as `client`. */
  clientPage: Page;
}>({
  adminRequest: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ extraHTTPHeaders: ORIGIN });
    expectOk(await request.post('/api/auth/sign-in/email', { data: E2E_ADMIN }), 'administrator sign-in');
    await use(request);
    await request.dispose();
  },
  adminPage: async ({ browser }, use) => {
    const page = await signedInPage(browser, E2E_ADMIN);
    await use(page);
    await page.context().close();
  },
  client: async ({ playwright }, use) => {
    const request = await playwright.request.newContext();
    const client = await signUp(request);
    await request.dispose();
    await use(client);
  },
  clientPage: async ({ browser, client }, use) => {
    const page = await signedInPage(browser, client);
    await use(page);
    await page.context().close();
  },
});
