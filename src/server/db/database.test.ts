import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrder, newRobot } from '../../../tests/support/factories.js';
import { createTestApp, testDialects, type TestApp } from '../../../tests/support/test-app.js';
import { isUniqueViolation } from './dialect.js';
import { migrateToLatest } from './migrate.js';
import { seedDemoContent } from './seed/seed.js';

describe.each(testDialects)('database on %s', (dialect) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
  });
  afterAll(() => shop.close());

  it('applies migrations once: a second run changes nothing', async () => {
    expect(await migrateToLatest(shop.app.database.db, dialect)).toEqual([]);
  });

  it('returns booleans, ISO timestamps and two-decimal money as the same JS types on every engine', async () => {
    const { db } = shop.app.database;
    const category = await db.selectFrom('categories').selectAll().executeTakeFirstOrThrow();
    expect(category.active).toBe(true);
    expect(category.created_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const id = randomUUID();
    await db.insertInto('robots').values({ id, name: 'Shape test', slug: 'shape-test', price: 19.99 }).execute();
    const robot = await db.selectFrom('robots').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(robot.price).toBe(19.99);
    expect(robot.performance_estimate).toBe(0);
    expect(robot.risk_level).toBe('medium');
    expect(robot.status).toBe('active');
    expect(robot.created_date).toMatch(/Z$/);
    expect(new Date(robot.created_date).getTime()).toBeGreaterThan(Date.now() - 60_000);

    await db
      .insertInto('faqs')
      .values({ id: randomUUID(), question_en: 'Q', question_fr: '', answer_en: 'A', answer_fr: '', active: false })
      .execute();
    const inactive = await db
      .selectFrom('faqs')
      .select('active')
      .where('question_en', '=', 'Q')
      .executeTakeFirstOrThrow();
    expect(inactive.active).toBe(false);

    const total = await db
      .selectFrom('robots')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(typeof total.n).toBe('number');
  });

  it('refuses values outside the enumerations', async () => {
    const { db } = shop.app.database;
    await expect(
      db
        .insertInto('robots')
        .values({ id: randomUUID(), name: 'Bad', slug: 'bad', risk_level: 'extreme' as 'low' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('banners')
        .values({ id: randomUUID(), title_en: 'B', type: 'video' as 'image', content_url: '/x.png' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('users')
        .values({ id: randomUUID(), email: 'x@example.com', role: 'root' as 'admin' })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps one newsletter subscription per address whatever its letter case', async () => {
    const { db } = shop.app.database;
    await db
      .insertInto('newsletter_subscribers')
      .values({ id: randomUUID(), email: 'Reader@Example.com', unsubscribe_token: randomUUID() })
      .execute();
    const duplicate = db
      .insertInto('newsletter_subscribers')
      .values({ id: randomUUID(), email: 'reader@example.COM', unsubscribe_token: randomUUID() })
      .execute();
    await expect(duplicate).rejects.toSatisfy(isUniqueViolation);
  });

  it('keeps orders when their robot is deleted', async () => {
    const { db } = shop.app.database;
    const robot = await newRobot(shop.app);
    const { id: orderId } = await newOrder(shop.app, { robot });
    await db.deleteFrom('robots').where('id', '=', robot.id).execute();
    const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.robot_id).toBeNull();
    expect(order.robot_name).toBe(robot.name);
    expect(order.status).toBe('pending_payment');
  });

  it('seeds the demo catalogue only once in the life of the database', async () => {
    const { db } = shop.app.database;
    await db.deleteFrom('faqs').execute();
    expect(await seedDemoContent(db)).toBe(false);
    const faqs = await db.selectFrom('faqs').select('id').execute();
    expect(faqs).toHaveLength(0);
  });
});
