import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../tests/support/test-app.js';
import { PublicCache } from './public-cache.js';

describe('public cache bounds', () => {
  it('drops its oldest entry when full, not every entry', async () => {
    const cache = new PublicCache(60_000);
    for (let index = 0; index < 501; index++)
      await cache.get(`key-${index}`, 'text/plain', async () => `body ${index}`);
    expect(cache.size).toBe(500);
    let reloaded = false;
    await cache.get('key-500', 'text/plain', async () => {
      reloaded = true;
      return 'again';
    });
    expect(reloaded).toBe(false);
  });
});

describe.each(testDialects)('public reads flooded with invented query strings on %s', (dialect) => {
  let shop: TestApp;
  let robotId: string;
  let robotSlug: string;
  let category: string;
  beforeAll(async () => {
    shop = await createTestApp(dialect, {}, { webShell: true });
    const robot = await shop.app.database.db
      .selectFrom('robots')
      .select(['id', 'slug', 'category'])
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    robotId = robot.id;
    robotSlug = robot.slug;
    category = robot.category!;
  });
  afterAll(() => shop.close());

  it('keys each read by the parameters it uses, and caches nothing for unknown robots or categories', async () => {
    const warm = [
      '/',
      '/api/robots',
      `/api/robots?category=${encodeURIComponent(category)}`,
      `/robots/${robotSlug}`,
      '/RobotDetail',
    ];
    for (const url of warm) expect((await shop.app.inject(url)).statusCode, url).toBe(200);
    const entries = shop.app.publicCache.size;
    // Home and Home's data, the list, the category, the robot page and the plain robot page.
    expect(entries).toBeGreaterThanOrEqual(warm.length);

    for (let index = 0; index < 100; index++) {
      const noise = randomUUID();
      const flood = [
        `/?x=${noise}`,
        `/api/robots?x=${noise}`,
        `/api/robots?sort=-created_date&utm=${noise}`,
        `/api/robots?category=${noise}`,
        `/RobotDetail?robotId=${noise}`,
        `/robots/${noise}`,
        `/robots/${robotSlug}?x=${noise}`,
      ];
      for (const url of flood) expect((await shop.app.inject(url)).statusCode, url).toBe(200);
      // The SPEC address and odd spellings are redirects, computed without caching anything either.
      for (const url of [`/RobotDetail?robotId=${robotId}&x=${noise}`, `/Robots/${robotSlug.toUpperCase()}?x=${noise}`])
        expect((await shop.app.inject(url)).statusCode, url).toBe(301);
    }
    expect(shop.app.publicCache.size).toBe(entries);
  });

  it('answers an unknown category with an empty list and an unknown robot with the plain page', async () => {
    expect((await shop.app.inject('/api/robots?category=No%20such%20category')).json()).toEqual([]);
    const unknown = await shop.app.inject(`/RobotDetail?robotId=${randomUUID()}`);
    expect(unknown.body).toContain('<link rel="canonical" href="http://localhost:3000/RobotDetail">');
    const known = await shop.app.inject(`/robots/${robotSlug}?utm_source=mail`);
    expect(known.body).toContain(`<link rel="canonical" href="http://localhost:3000/robots/${robotSlug}">`);
  });
});
