import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betterAuth } from 'better-auth';
import { AUTH_BASE_PATH, authOptions } from '../../src/server/auth/better-auth.js';
import { settingKeys } from '../../src/shared/settings-keys.js';
import { newRobot, setSetting, signInAdmin } from '../support/factories.js';
import { SAME_ORIGIN } from '../support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../support/test-app.js';

const WORKFLOW_SECRET = 'hostile-input-workflow-secret-0123456789';

/** better-auth's own endpoints, read from the library: every one it would run for a POST. */
function betterAuthPostEndpoints(shop: TestApp): Array<{ path: string; fields: string[] }> {
  const auth = betterAuth(
    authOptions(
      shop.config,
      shop.app.database.db,
      { delivers: false, send: async () => undefined, close: () => undefined },
      shop.app.log,
      async () => ({ shopName: 'Fuzz', defaultLanguage: 'en' }),
    ),
  );
  const endpoints: Array<{ path: string; fields: string[] }> = [];
  for (const endpoint of Object.values(auth.api) as Array<{
    path?: string;
    options?: { method?: string | string[]; body?: { shape?: object } };
  }>) {
    const methods = ([] as string[]).concat(endpoint.options?.method ?? []);
    if (!endpoint.path || !methods.includes('POST')) continue;
    endpoints.push({
      path: `${AUTH_BASE_PATH}${endpoint.path.replace(/:\w+/g, 'fuzz')}`,
      fields: Object.keys(endpoint.options?.body?.shape ?? {}),
    });
  }
  return endpoints;
}

/** Our own routes that take a body; the access matrix keeps this list honest. */
function ownBodyRoutes(app: FastifyInstance): Array<{ method: 'POST' | 'PATCH' | 'PUT' | 'DELETE'; path: string }> {
  return app.apiRoutes
    .filter(
      (route) =>
        ['POST', 'PATCH', 'PUT', 'DELETE'].includes(route.method) && !route.url.startsWith(`${AUTH_BASE_PATH}/*`),
    )
    .map((route) => ({ method: route.method as 'POST', path: route.url.replace(/:\w+/g, 'fuzz-id') }));
}

/** Field names any of our bodies read, so that each wrong value reaches the code that reads it. */
const commonFields = [
  'email',
  'password',
  'name',
  'image',
  'token',
  'newPassword',
  'currentPassword',
  'callbackURL',
  'provider',
  'message',
  'role',
  'robot_name',
  'winrate',
  'balance',
  'status',
];

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const huge = 'x'.repeat(200_000);
const hostileValues: unknown[] = [
  'a\u0000b',
  '\u0000',
  12345,
  -1e308,
  true,
  null,
  [],
  ['x'],
  {},
  { $gt: '' },
  huge,
  Array.from({ length: 20_000 }, () => 1),
];

function bodiesFor(fields: string[]): string[] {
  const names = [...new Set([...fields, ...commonFields])];
  const bodies = [
    nested(10_000),
    `{"a":${nested(10_000)}}`,
    `{"values":{"hero_title":${nested(10_000)}}}`,
    '"\\u0000"',
    '[]',
    '12',
    'null',
    '{"__proto__":{"isAdmin":true}}',
    `{"email":"${'y'.repeat(2_000_000)}"}`,
  ];
  for (const value of hostileValues) {
    bodies.push(JSON.stringify(Object.fromEntries(names.map((name) => [name, value]))));
    bodies.push(JSON.stringify({ values: Object.fromEntries(settingKeys.map((key) => [key, value])) }));
    bodies.push(JSON.stringify([{ robot_name: value, winrate: value }]));
  }
  // One wrong field among plausible ones, so that it is not refused for a neighbour's sake.
  for (const value of ['a\u0000b', 12345, null, ['x'], { x: 1 }]) {
    for (const name of names)
      bodies.push(
        JSON.stringify({ email: 'fuzz@example.com', password: 'fuzz-password-1', name: 'Fuzz', [name]: value }),
      );
  }
  return bodies;
}

describe.each(testDialects)('hostile input on %s never gets a 5xx', (dialect) => {
  let shop: TestApp;
  let admin: string;

  beforeAll(async () => {
    shop = await createTestApp(dialect, { AUTH_RATE_LIMIT: '100000' }, { webShell: true });
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
    admin = (await signInAdmin(shop.app)).cookie;
  });
  afterAll(() => shop.close());

  /** Fuzzing as the administrator may sign them out (sign-out, revoke-sessions): sign in again. */
  async function adminCookie(): Promise<string> {
    if ((await shop.app.inject({ url: '/api/me', headers: { cookie: admin } })).statusCode !== 200)
      admin = (await signInAdmin(shop.app)).cookie;
    return admin;
  }

  it('malformed bodies on every JSON endpoint, better-auth’s included: nested 10,000 levels, NUL bytes, wrong types, huge values', async () => {
    const targets = [
      ...betterAuthPostEndpoints(shop).map((endpoint) => ({ method: 'POST' as const, ...endpoint })),
      ...ownBodyRoutes(shop.app).map((route) => ({ ...route, fields: [] })),
    ];
    expect(targets.map((target) => target.path)).toEqual(
      expect.arrayContaining([
        '/api/auth/update-user',
        '/api/auth/sign-in/email',
        '/api/hooks/stats',
        '/api/admin/settings',
      ]),
    );
    const failures: string[] = [];
    for (const target of targets) {
      const cookie = await adminCookie();
      for (const body of bodiesFor(target.fields)) {
        // As the administrator and a workflow at once, so that every body gets past access checks.
        const headers = {
          ...SAME_ORIGIN,
          cookie,
          'x-secret-token': WORKFLOW_SECRET,
          'content-type': 'application/json',
        };
        const response = await shop.app.inject({ method: target.method, url: target.path, headers, payload: body });
        if (response.statusCode >= 500)
          failures.push(
            `${response.statusCode} ${target.method} ${target.path} ${body.slice(0, 80)}: ${response.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('NUL bytes anywhere in a URL: every API read, page and link gets a 400', async () => {
    const reads = shop.app.apiRoutes
      .filter((route) => route.method === 'GET')
      .map((route) =>
        /[:*]/.test(route.url)
          ? route.url.replace(/:\w+/g, '%00').replace('*', 'reset-password/%00')
          : `${route.url}?q=%00`,
      );
    const urls = [
      ...reads,
      '/api/robots?category=%00',
      '/api/robots?sort=%00',
      '/unsubscribe?token=%00',
      '/RobotDetail?robotId=%00',
      '/robots/a%00b',
      '/api/auth/verify-email?token=%00',
      '/?q=a%00b',
    ];
    for (const url of urls) {
      const response = await shop.app.inject({ url, headers: { cookie: await adminCookie() } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message).toBe('Text may not contain NUL characters.');
    }
  });

  it('survives NUL bytes in a session cookie (signature checked before any query)', async () => {
    for (const cookie of ['better-auth.session_token=a%00b.c', 'better-auth.session_token=%00']) {
      const response = await shop.app.inject({ url: '/api/me', headers: { cookie } });
      expect(response.statusCode, cookie).toBe(401);
    }
  });

  it('refuses NUL bytes in hook robot names, settings values and reset tokens, storing nothing', async () => {
    const hook = await shop.app.inject({
      method: 'POST',
      url: '/api/hooks/stats',
      headers: { 'x-secret-token': WORKFLOW_SECRET },
      payload: { robot_name: 'Nul\u0000Bot', winrate: 1 },
    });
    expect(hook.statusCode).toBe(400);
    const settings = await shop.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { ...SAME_ORIGIN, cookie: await adminCookie() },
      payload: { values: { hero_title: { en: 'a\u0000b', fr: '' } } },
    });
    expect(settings.statusCode).toBe(400);
    const reset = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: SAME_ORIGIN,
      payload: { token: 'a\u0000b', newPassword: 'new-password-1' },
    });
    expect(reset.statusCode).toBe(400);
    const { db } = shop.app.database;
    expect(
      await db.selectFrom('robot_stats').select('robot_name').where('robot_name', 'like', 'Nul%').execute(),
    ).toEqual([]);
    expect(
      (await db.selectFrom('settings').select('value').where('key', '=', 'hero_title_en').executeTakeFirst())?.value,
    ).not.toContain('\u0000');
  });

  it('refuses a non-string name or image on update-user, storing nothing', async () => {
    for (const payload of [
      { name: ['Array', 'Name'] },
      { name: { first: 'x' } },
      { name: 42 },
      { image: ['x'] },
      { image: { url: 'x' } },
    ]) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { ...SAME_ORIGIN, cookie: await adminCookie() },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const row = await shop.app.database.db
      .selectFrom('users')
      .select(['full_name', 'image'])
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(typeof row.full_name === 'string' || row.full_name === null).toBe(true);
    expect(row.image ?? null).toBeNull();
    const valid = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...SAME_ORIGIN, cookie: await adminCookie() },
      payload: { name: 'Renamed Admin' },
    });
    expect(valid.statusCode).toBe(200);
  });

  it('renders a robot page whose stored image_url is not a URL', async () => {
    const { db } = shop.app.database;
    // Stored before the image address rules: the admin API would refuse it today.
    const robot = await newRobot(shop.app);
    await db.updateTable('robots').set({ image_url: 'http://[not a url' }).where('id', '=', robot.id).execute();
    shop.app.publicCache.invalidate();
    for (const url of [`/robots/${robot.slug}`, '/', `/api/robots/${robot.id}`, '/product.html', '/sitemap.xml']) {
      expect((await shop.app.inject(url)).statusCode, url).toBeLessThan(500);
    }
  });
});
