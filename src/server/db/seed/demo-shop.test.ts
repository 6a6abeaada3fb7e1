import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient } from '../../../../tests/support/factories.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import type { Order } from '../../../shared/schemas/orders.js';
import { robotFileCheck } from '../../storage/robot-file-check.js';

/**
 * The demo shop on a fresh start (issue 18, decision 0020): some robots licensed and delivered
 * automatically with a release, whose file the seed wrote to storage and which passes the robot
 * file checks, one of them with a free trial; the others delivered per order as before. The trial
 * works from the first start.
 */
describe.each(testDialects)('the demo shop on %s', (dialect) => {
  let shop: TestApp;
  let robots: Robot[];

  beforeAll(async () => {
    shop = await createTestApp(dialect, { SEED_DEMO: 'true', STATS_REFRESH_SECONDS: '0' });
    robots = (await shop.app.inject({ method: 'GET', url: '/api/robots' })).json<Robot[]>();
  });
  afterAll(() => shop?.close());

  it('shows licensed robots delivered automatically with a release, one with a trial, and robots delivered per order; each public JSON says which', () => {
    const automatic = robots.filter((robot) => robot.delivery === 'automatic');
    expect(automatic.length).toBeGreaterThanOrEqual(2);
    for (const robot of automatic) {
      expect(robot.licence_required).toBe(true);
      expect(robot.current_version).toMatch(/^\d+\.\d+\.\d+$/);
    }
    const withTrial = robots.filter((robot) => robot.trial_days !== null);
    expect(withTrial.map((robot) => [robot.name, robot.trial_days])).toEqual([['Aurora Scalper', 7]]);
    expect(automatic).toContainEqual(withTrial[0]);

    const perOrder = robots.filter((robot) => robot.delivery === 'per_order');
    expect(perOrder.length).toBeGreaterThanOrEqual(3);
    for (const robot of perOrder) expect(robot).toMatchObject({ current_version: null, trial_days: null });
  });

  it('stores each release file, and each passes the robot file checks', async () => {
    const releases = await shop.app.database.db
      .selectFrom('robot_releases')
      .select(['file_path', 'file_name', 'file_size'])
      .execute();
    expect(releases).toHaveLength(robots.filter((robot) => robot.delivery === 'automatic').length);
    for (const release of releases) {
      expect(release.file_name).toMatch(/\.mq5$/);
      const opened = await shop.app.storage.open(release.file_path);
      expect(opened?.size).toBe(release.file_size);
      let bytes = 0;
      await pipeline(
        opened!.stream,
        robotFileCheck('mq5'),
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            bytes += chunk.length;
            callback();
          },
        }),
      );
      expect(bytes).toBe(release.file_size);
    }
    // Written once: the list the seed left for the first start is gone.
    const pending = await shop.app.database.db
      .selectFrom('app_meta')
      .select('key')
      .where('key', 'like', 'demo_release%')
      .execute();
    expect(pending).toEqual([]);
  });

  it("lets a client start the demo robot's trial from the first start, and download its release", async () => {
    const robot = robots.find((candidate) => candidate.trial_days !== null)!;
    const client = await newClient(shop.app);
    const started = await client.post('/api/orders/trials', { robot_id: robot.id, terms_accepted: true });
    expect(started.statusCode).toBe(201);
    const trial = started.json<Order>();
    expect(trial).toMatchObject({ trial: true, status: 'completed', file_name: expect.stringMatching(/\.mq5$/) });
    expect(trial.versions.map((version) => version.label)).toEqual([robot.current_version]);
    const link = await client.post(`/api/orders/${trial.id}/download`);
    expect(link.statusCode).toBe(200);
    const file = await shop.app.inject({ method: 'GET', url: new URL(link.json<{ url: string }>().url).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(`${robot.name} ${robot.current_version}`);
  });
});
