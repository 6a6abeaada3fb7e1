import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import type { Category, Robot } from '../../../shared/schemas/catalogue.js';

describe.each(testDialects)('robot and category management on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  it('creates, renames, deactivates and deletes a category; visitors see each change at once', async () => {
    await shop.app.inject('/api/categories');
    const created = await shop.admin.post('/api/admin/categories', {
      name: { en: ' Crypto Bots ' },
      key: 'crypto_bots',
    });
    expect(created.statusCode).toBe(201);
    const category = created.json<Category>();
    expect(category).toMatchObject({ name: { en: 'Crypto Bots', fr: '' }, key: 'crypto_bots', active: true });
    expect((await shop.app.inject('/api/categories')).json<Category[]>().map((c) => c.key)).toContain('crypto_bots');

    // Translating it leaves the English name alone; visitors get both at once (issue 19 §2).
    const renamed = await shop.admin.patch(`/api/admin/categories/${category.id}`, {
      name: { en: 'Crypto Bots', fr: 'Robots crypto' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Category>().name).toEqual({ en: 'Crypto Bots', fr: 'Robots crypto' });
    expect(
      (await shop.app.inject('/api/categories')).json<Category[]>().find((c) => c.key === 'crypto_bots')?.name,
    ).toEqual({ en: 'Crypto Bots', fr: 'Robots crypto' });

    const off = await shop.admin.patch(`/api/admin/categories/${category.id}`, { active: false });
    expect(off.json<Category>()).toMatchObject({ name: { en: 'Crypto Bots', fr: 'Robots crypto' }, active: false });
    expect((await shop.app.inject('/api/categories')).json<Category[]>().map((c) => c.key)).not.toContain(
      'crypto_bots',
    );

    expect((await shop.admin.delete(`/api/admin/categories/${category.id}`)).statusCode).toBe(204);
    expect((await shop.admin.get('/api/admin/categories')).json<Category[]>().map((c) => c.id)).not.toContain(
      category.id,
    );
    expect((await shop.admin.delete(`/api/admin/categories/${category.id}`)).statusCode).toBe(404);
  });

  it('answers 409 to a duplicate key and refuses to delete a category robots use, saying how many', async () => {
    const [first] = (await shop.admin.get('/api/admin/categories')).json<Category[]>();
    await shop.newRobot({ category: first!.key });
    const duplicate = await shop.admin.post('/api/admin/categories', { name: { en: 'Again' }, key: first!.key });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatchObject({
      code: 'duplicate_key',
      fields: { 'body.key': 'already used by another category' },
    });
    const used = (await shop.admin.get('/api/admin/robots'))
      .json<Robot[]>()
      .filter((robot) => robot.category === first!.key).length;
    expect(used).toBeGreaterThan(0);
    const refused = await shop.admin.delete(`/api/admin/categories/${first!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'category_in_use', fields: { robots: String(used) } });
    expect(refused.json().error.message).toContain(`${used} robot`);
    expect(
      (await shop.admin.post('/api/admin/categories', { name: { en: 'Bad key' }, key: 'Bad Key!' })).statusCode,
    ).toBe(400);
  });

  it('refuses a category name written in no language, too long in one, or not given per language', async () => {
    const unnamed = await shop.admin.post('/api/admin/categories', { name: { en: ' ', fr: '' }, key: 'unnamed' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.fields).toEqual({ 'body.name': 'is required in at least one language' });
    const long = await shop.admin.post('/api/admin/categories', {
      name: { en: 'Ok', fr: 'x'.repeat(101) },
      key: 'long',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ 'body.name.fr': 'at most 100 characters' });
    expect((await shop.admin.post('/api/admin/categories', { name: 'Plain', key: 'plain' })).statusCode).toBe(400);
    const keys = (await shop.admin.get('/api/admin/categories')).json<Category[]>().map((c) => c.key);
    expect(keys.filter((key) => ['unnamed', 'long', 'plain'].includes(key))).toEqual([]);
  });

  it('creates a robot with a sanitised description and parsed figures, edits and deletes it', async () => {
    const [category] = (await shop.admin.get('/api/admin/categories')).json<Category[]>();
    const created = await shop.admin.post('/api/admin/robots', {
      name: 'Test Scalper',
      price: 149.5,
      description: {
        en: '<h2>Fast</h2><p onclick="x()">Scalps <a href="javascript:alert(1)">EURUSD</a></p><img src="data:image/png;base64,AAAA"><script>alert(1)</script>',
        fr: '<h2>Rapide</h2><p onmouseover="x()">Scalpe l’<a href="javascript:alert(1)">EURUSD</a></p><script>alert(1)</script>',
      },
      image_url: '/files/public/images/robot.png',
      category: category!.key,
      risk_level: 'high',
      trading_pair: 'EURUSD',
      exchange: '',
      features: { en: ['Trailing stop', 'News filter'], fr: ['Stop suiveur'] },
      performance_estimate: '12.5',
      target_profit: 'lots',
      weekly_pnl: 1.25,
      monthly_pnl: null,
      status: 'inactive',
    });
    expect(created.statusCode).toBe(201);
    const robot = created.json<Robot>();
    expect(robot).toMatchObject({
      name: 'Test Scalper',
      price: 149.5,
      description: {
        en: '<h2>Fast</h2><p>Scalps <a>EURUSD</a></p>',
        fr: '<h2>Rapide</h2><p>Scalpe l’<a>EURUSD</a></p>',
      },
      category: category!.key,
      risk_level: 'high',
      exchange: null,
      features: { en: ['Trailing stop', 'News filter'], fr: ['Stop suiveur'] },
      performance_estimate: 12.5,
      target_profit: 0,
      weekly_pnl: 1.25,
      monthly_pnl: 0,
      status: 'inactive',
    });
    // Inactive: the back office lists it, visitors do not.
    expect((await shop.admin.get('/api/admin/robots')).json<Robot[]>().map((r) => r.id)).toContain(robot.id);
    expect((await shop.app.inject(`/api/robots/${robot.id}`)).statusCode).toBe(404);
    const shown = await shop.admin.patch(`/api/admin/robots/${robot.id}`, { status: 'active', price: 99 });
    expect(shown.json<Robot>()).toMatchObject({
      status: 'active',
      price: 99,
      description: {
        en: '<h2>Fast</h2><p>Scalps <a>EURUSD</a></p>',
        fr: '<h2>Rapide</h2><p>Scalpe l’<a>EURUSD</a></p>',
      },
    });
    expect((await shop.app.inject(`/api/robots/${robot.id}`)).json<Robot>().price).toBe(99);
    // Visitors get both languages. An empty editor's French is a translation not written, and
    // each language's features are checked on their own.
    const english = await shop.admin.patch(`/api/admin/robots/${robot.id}`, {
      description: { en: '<p>Only English</p>', fr: '<p><br></p>' },
      features: { en: ['Trailing stop'], fr: [] },
    });
    expect(english.statusCode).toBe(200);
    expect((await shop.app.inject(`/api/robots/${robot.id}`)).json<Robot>()).toMatchObject({
      description: { en: '<p>Only English</p>', fr: '' },
      features: { en: ['Trailing stop'], fr: [] },
    });
    for (const body of [
      { description: '<p>One language</p>' },
      { features: ['One language'] },
      { features: { en: [], fr: [''] } },
      { description: { en: 'x'.repeat(200_001) } },
    ]) {
      const refused = await shop.admin.patch(`/api/admin/robots/${robot.id}`, body);
      expect(refused.statusCode).toBe(400);
    }

    expect((await shop.admin.post('/api/admin/robots', { price: 10 })).statusCode).toBe(400);
    expect((await shop.admin.post('/api/admin/robots', { name: 'No price' })).statusCode).toBe(400);
    expect(
      (await shop.admin.post('/api/admin/robots', { name: 'X', price: 1, category: 'no_such_category' })).statusCode,
    ).toBe(400);
    expect(
      (await shop.admin.post('/api/admin/robots', { name: 'X', price: 1, image_url: 'javascript:alert(1)' }))
        .statusCode,
    ).toBe(400);

    expect((await shop.admin.delete(`/api/admin/robots/${robot.id}`)).statusCode).toBe(204);
    expect((await shop.app.inject(`/api/robots/${robot.id}`)).statusCode).toBe(404);
  });

  it('records every change in the activity log: who, what and which record', async () => {
    const activity = (await shop.admin.get('/api/admin/audit?resource=robot')).json();
    expect(activity.total).toBe(4);
    expect(activity.rows.map((row: { action: string }) => row.action)).toEqual([
      'delete',
      'update',
      'update',
      'create',
    ]);
    expect(activity.rows[2]).toMatchObject({
      actor_email: shop.admin.email,
      summary: 'Test Scalper',
      changes: { status: { from: 'inactive', to: 'active' }, price: { from: 149.5, to: 99 } },
    });
    const csv = await shop.admin.get('/api/admin/audit/export?resource=category');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('created_at,actor_email,action,resource,record_id,summary,changes');
    expect(csv.body).toContain('Crypto Bots');
  });

  it('changes a category name in the languages an update sends: one not sent is kept, one sent empty is cleared, the last one stays', async () => {
    const created = await shop.admin.post('/api/admin/categories', { name: { en: 'Scalpers' }, key: 'scalpers' });
    const { id } = created.json<Category>();
    const patch = (body: object) => shop.admin.patch(`/api/admin/categories/${id}`, body);

    expect((await patch({ name: { fr: 'Scalpeurs' } })).json<Category>().name).toEqual({
      en: 'Scalpers',
      fr: 'Scalpeurs',
    });
    expect((await patch({ name: { en: '' } })).json<Category>().name).toEqual({ en: '', fr: 'Scalpeurs' });
    const refused = await patch({ name: { fr: '' }, key: 'renamed' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: 'Invalid body.name: is required in at least one language',
      fields: { 'body.name': 'is required in at least one language' },
    });
    const stored = (await shop.admin.get('/api/admin/categories')).json<Category[]>().find((c) => c.id === id);
    expect(stored).toMatchObject({ name: { en: '', fr: 'Scalpeurs' }, key: 'scalpers' });
  });

  it('changes a robot’s description and features in the languages an update sends, keeping the others', async () => {
    const created = await shop.admin.post('/api/admin/robots', {
      name: 'Two Tongues',
      price: 10,
      description: { en: '<p>Fast</p>', fr: '<p>Rapide</p>' },
      features: { en: ['Trailing stop'], fr: ['Stop suiveur'] },
    });
    const { id } = created.json<Robot>();
    const patch = (body: object) => shop.admin.patch(`/api/admin/robots/${id}`, body);

    const french = await patch({
      description: { fr: '<p>Très rapide</p>' },
      features: { fr: ['Stop suiveur', 'Filtre'] },
    });
    expect(french.statusCode).toBe(200);
    expect(french.json<Robot>()).toMatchObject({
      description: { en: '<p>Fast</p>', fr: '<p>Très rapide</p>' },
      features: { en: ['Trailing stop'], fr: ['Stop suiveur', 'Filtre'] },
    });
    const english = await patch({ description: { en: '' }, features: { en: [] } });
    expect(english.json<Robot>()).toMatchObject({
      description: { en: '', fr: '<p>Très rapide</p>' },
      features: { en: [], fr: ['Stop suiveur', 'Filtre'] },
    });
    expect((await shop.app.inject(`/api/robots/${id}`)).json<Robot>()).toMatchObject({
      description: { en: '', fr: '<p>Très rapide</p>' },
      features: { en: [], fr: ['Stop suiveur', 'Filtre'] },
    });
    expect((await shop.admin.delete(`/api/admin/robots/${id}`)).statusCode).toBe(204);
  });
});
