import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRobot } from '../../../tests/support/factories.js';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import type { Robot } from '../../shared/schemas/catalogue.js';

describe('search engines and plain pages', () => {
  let shop: TestApp;
  let robots: Robot[];
  beforeAll(async () => {
    shop = await createTestApp('sqlite');
    robots = (await shop.app.inject('/api/robots')).json<Robot[]>();
  });
  afterAll(() => shop.close());

  it('lists Home, the public pages and every active robot in sitemap.xml', async () => {
    const inactive = await newRobot(shop.app, { status: 'inactive' });
    const response = await shop.app.inject('/sitemap.xml');
    expect(response.headers['content-type']).toContain('application/xml');
    for (const robot of robots)
      expect(response.body).toContain(`<loc>http://localhost:3000/robots/${robot.slug}</loc>`);
    expect(response.body).toContain('<loc>http://localhost:3000/FAQ</loc>');
    for (const page of ['Terms', 'Privacy', 'RefundPolicy', 'RiskDisclosure'])
      expect(response.body).toContain(`<loc>http://localhost:3000/${page}</loc>`);
    expect(response.body).not.toContain(inactive.id);
  });

  it('points robots.txt at the sitemap and away from the API and admin pages', async () => {
    const body = (await shop.app.inject('/robots.txt')).body;
    expect(body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(body).toContain('Disallow: /api/');
    expect(body).toContain('Disallow: /Settings');
    expect(body).toContain('Disallow: /OrderLicence');
    expect(body).toContain('Disallow: /LicenceManagement');
  });

  it('renders Our Products from the active robots, readable without JavaScript', async () => {
    const response = await shop.app.inject('/product.html');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).not.toContain('<script');
    for (const robot of robots) expect(response.body).toContain(robot.name);
  });
});
