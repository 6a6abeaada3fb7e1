import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../../../tests/support/orders.js';
import { SAME_ORIGIN, signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

describe.each(testDialects)('names of uploaded images on %s', (dialect) => {
  let shop: TestApp;
  let cookie: string;

  beforeAll(async () => {
    shop = await createTestApp(dialect);
    cookie = await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(() => shop.close());

  it('keeps the name in the activity log without its control and bidirectional characters', async () => {
    const { payload, headers } = multipartFile('Gold\u202Egnp\u2066 Banner\u2069\u0085.png', PNG);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/uploads/image?kind=banner',
      headers: { ...SAME_ORIGIN, cookie, ...headers },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const logged = await shop.app.database.db
      .selectFrom('audit_log')
      .select('summary')
      .where('record_id', '=', response.json<{ url: string }>().url)
      .executeTakeFirstOrThrow();
    expect(logged.summary).toBe('Goldgnp Banner.png');
  });
});
