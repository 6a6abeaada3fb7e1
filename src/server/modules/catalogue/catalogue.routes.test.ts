import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRobot } from '../../../../tests/support/factories.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import type { Category, Robot } from '../../../shared/schemas/catalogue.js';

describe.each(testDialects)('catalogue API on %s', (dialect) => {
  let shop: TestApp;
  let inactiveId: string;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
    inactiveId = (await newRobot(shop.app, { status: 'inactive' })).id;
  });
  afterAll(() => shop.close());

  const get = (url: string) => shop.app.inject({ method: 'GET', url });

  it('lists only active robots, newest first, with parsed features in both languages', async () => {
    const response = await get('/api/robots');
    expect(response.statusCode).toBe(200);
    const robots = response.json<Robot[]>();
    expect(robots.length).toBeGreaterThanOrEqual(8);
    expect(robots.every((robot) => robot.status === 'active')).toBe(true);
    expect(robots.map((robot) => robot.id)).not.toContain(inactiveId);
    const created = robots.map((robot) => robot.created_date);
    expect(created).toEqual([...created].sort().reverse());
    // The demo catalogue's texts, in both languages.
    const aurora = robots.find((robot) => robot.name === 'Aurora Scalper')!;
    expect(aurora.features).toEqual({
      en: ['Hard stop loss on every trade', 'News filter', 'Spread and slippage guard', 'Runs on a 1,000 USD account'],
      fr: [
        'Stop loss ferme sur chaque trade',
        'Filtre d’actualités',
        'Protection contre le spread et le slippage',
        'Fonctionne sur un compte de 1 000 USD',
      ],
    });
    expect(aurora.description.en).toContain('<h3>Quiet, disciplined scalping on EURUSD</h3>');
    expect(aurora.description.fr).toContain('<h3>Un scalping calme et discipliné sur l’EURUSD</h3>');
    expect(typeof robots[0]!.price).toBe('number');
  });

  it('filters by category and orders by any listed column, a minus meaning descending', async () => {
    const categories = (await get('/api/categories')).json<Category[]>();
    const key = categories[0]!.key;
    const inCategory = (await get(`/api/robots?category=${key}`)).json<Robot[]>();
    expect(inCategory.length).toBeGreaterThan(0);
    expect(inCategory.every((robot) => robot.category === key)).toBe(true);

    const byPrice = (await get('/api/robots?sort=price')).json<Robot[]>().map((robot) => robot.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const byPriceDesc = (await get('/api/robots?sort=-price')).json<Robot[]>().map((robot) => robot.price);
    expect(byPriceDesc).toEqual([...byPrice].reverse());
  });

  it('answers 400 with the field for an unknown ordering or risk level', async () => {
    const response = await get('/api/robots?sort=password');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('querystring.sort');
    expect((await get('/api/robots?risk_level=extreme')).statusCode).toBe(400);
  });

  it('finds an active robot by id and hides inactive or unknown ones', async () => {
    const [first] = (await get('/api/robots')).json<Robot[]>();
    const found = await get(`/api/robots/${first!.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json<Robot>().name).toBe(first!.name);
    for (const id of [inactiveId, 'no-such-robot']) {
      const missing = await get(`/api/robots/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('Robot not found');
    }
  });

  it('returns a robot statistics history in time order for its chart', async () => {
    const [first] = (await get('/api/robots')).json<Robot[]>();
    const points = (await get(`/api/robots/${first!.id}/history`)).json<
      Array<{ recorded_at: string; balance: number }>
    >();
    expect(points.length).toBeGreaterThanOrEqual(2);
    const times = points.map((point) => point.recorded_at);
    expect(times).toEqual([...times].sort());
  });

  it('sends each category name in both languages, the demo ones translated (issue 19 §2)', async () => {
    const categories = (await get('/api/categories')).json<Category[]>();
    expect(categories.map(({ key, name }) => ({ key, name }))).toEqual([
      { key: 'forex_scalpers', name: { en: 'Forex Scalpers', fr: 'Scalpers Forex' } },
      { key: 'gold_traders', name: { en: 'Gold Traders', fr: 'Robots sur l’or' } },
      { key: 'trend_followers', name: { en: 'Trend Followers', fr: 'Suiveurs de tendance' } },
    ]);
  });

  it('lists only active categories', async () => {
    const { db } = shop.app.database;
    await db.updateTable('categories').set({ active: false }).where('key', '=', 'gold_traders').execute();
    shop.app.publicCache.invalidate();
    const keys = (await get('/api/categories')).json<Category[]>().map((category) => category.key);
    expect(keys).not.toContain('gold_traders');
    expect(keys.length).toBe(2);
  });
});
