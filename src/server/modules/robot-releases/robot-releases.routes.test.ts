import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, uploadRelease } from '../../../../tests/support/releases.js';
import { elfBinary, ex4File, ex5File, robotZip } from '../../../../tests/support/robot-files.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { ROBOT_FILE_MAX_BYTES } from '../../../shared/constants.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import type { RobotRelease } from '../../../shared/schemas/releases.js';

/**
 * The rules of robot releases (issue 18 §1, decision 0018): versions only go up, files are
 * checked like delivered robot files and leave nothing when refused, a release an order holds
 * stays, and a robot for sale with automatic delivery always has one.
 */
describe.each(testDialects)('robot releases on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect, { env: { STATS_REFRESH_SECONDS: '0' } });
  });
  afterAll(() => shop?.close());

  const releaseFiles = (robotId: string) => {
    const folder = path.join(shop.dataDir, 'storage', 'private', 'releases', robotId);
    return existsSync(folder) ? readdirSync(folder).filter((name) => !name.startsWith('.')) : [];
  };
  const releases = async (robotId: string) =>
    (await shop.admin.get(`/api/admin/robots/${robotId}/releases`)).json<RobotRelease[]>();
  const publicRobot = async (robotId: string) => (await shop.anonymous.get(`/api/robots/${robotId}`)).json<Robot>();

  it('stores a release with its sanitised notes and file; the highest version is current, in the public JSON too', async () => {
    const robot = await shop.newRobot({ licence_required: true });
    expect(await publicRobot(robot.id)).toMatchObject({
      delivery: 'per_order',
      current_version: null,
      licence_required: true,
    });

    const first = await uploadRelease(shop.admin, robot.id, {
      version: '1.0.0',
      notes: '<p>First <strong>release</strong></p><script>alert(1)</script><img src="javascript:alert(1)">',
      file: { name: '../Golden Robot.ex5', content: ex5File() },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      robot_id: robot.id,
      version: '1.0.0',
      notes: '<p>First <strong>release</strong></p>',
      file_name: 'Golden Robot.ex5',
      file_size: ex5File().length,
      current: true,
      orders: 0,
    });
    expect(first.json()).not.toHaveProperty('file_path');
    const second = await uploadRelease(shop.admin, robot.id, {
      version: '1.10.0',
      file: { name: 'Golden Robot.zip', content: robotZip() },
    });
    expect(second.statusCode).toBe(201);
    // Versions compare as numbers: 1.10.0 is above 1.9.3.
    expect((await uploadRelease(shop.admin, robot.id, { version: '1.9.3' })).statusCode).toBe(409);

    const listed = await releases(robot.id);
    expect(listed.map((release) => [release.version, release.current])).toEqual([
      ['1.10.0', true],
      ['1.0.0', false],
    ]);
    expect(releaseFiles(robot.id)).toHaveLength(2);
    expect(await publicRobot(robot.id)).toMatchObject({ current_version: '1.10.0', delivery: 'per_order' });
    const fromList = (await shop.anonymous.get('/api/robots')).json<Robot[]>().find((item) => item.id === robot.id);
    expect(fromList).toMatchObject({ current_version: '1.10.0', licence_required: true });

    // The activity log names each release.
    const log = await shop.admin.get('/api/admin/audit?resource=robot');
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain(`${robot.name} 1.10.0`);
  });

  it('refuses a version that is not higher than every release, or not a version, before reading the file', async () => {
    const robot = await shop.newRobot();
    expect((await uploadRelease(shop.admin, robot.id, { version: '2.1.0' })).statusCode).toBe(201);
    for (const version of ['2.1.0', '2.0.9', '1.99.99']) {
      const refused = await uploadRelease(shop.admin, robot.id, { version });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'release_version_not_newer',
        message: `Version ${version} is not newer than 2.1.0, this robot's latest release: a new release needs a higher version.`,
        fields: { 'body.version': 'must be higher than 2.1.0' },
      });
    }
    for (const version of ['', '2.2', 'v2.2.0', '2.02.0', '2.2.0-beta', '123456.0.0']) {
      const refused = await uploadRelease(shop.admin, robot.id, { version });
      expect(refused.statusCode, version).toBe(400);
      expect(Object.keys(refused.json().error.fields)).toEqual(['body.version']);
    }
    expect(releaseFiles(robot.id)).toHaveLength(1);
    expect((await releases(robot.id)).map((release) => release.version)).toEqual(['2.1.0']);
    expect((await uploadRelease(shop.admin, robot.id, { version: '2.10.0' })).statusCode).toBe(201);
  });

  it('checks the file like a delivered robot file, .ex4 and .ex5 included, and keeps nothing it refuses', async () => {
    const robot = await shop.newRobot();
    const cases: [string, Buffer, number, string?][] = [
      ['Robot.exe', ex5File(), 415],
      ['Robot.ex5', elfBinary(), 422, 'not_compiled'],
      ['Robot.ex5', ex4File(), 422, 'not_compiled'],
      ['Robot.mq5', elfBinary(), 422, 'not_text'],
      ['Robot.zip', Buffer.from('not an archive at all'), 422, 'archive_broken'],
      ['Robot.ex5', Buffer.alloc(0), 422, 'empty'],
    ];
    for (const [name, content, status, reason] of cases) {
      const refused = await uploadRelease(shop.admin, robot.id, { version: '1.0.0', file: { name, content } });
      expect(refused.statusCode, name).toBe(status);
      if (reason)
        expect(refused.json().error).toMatchObject({ code: 'robot_file_refused', fields: { 'body.file': reason } });
    }
    // No file part, and a file in another field.
    const noFile = multipartForm({ version: '1.0.0', notes: '' }, null);
    expect(
      (await shop.admin.post(`/api/admin/robots/${robot.id}/releases`, noFile.payload, noFile.headers)).statusCode,
    ).toBe(400);
    const otherField = multipartForm({ version: '1.0.0' }, { name: 'Robot.ex5', content: ex5File(), field: 'upload' });
    expect(
      (await shop.admin.post(`/api/admin/robots/${robot.id}/releases`, otherField.payload, otherField.headers))
        .statusCode,
    ).toBe(400);
    // Not multipart; over 50 MB.
    expect((await shop.admin.post(`/api/admin/robots/${robot.id}/releases`, { version: '1.0.0' })).statusCode).toBe(
      415,
    );
    const huge = await uploadRelease(shop.admin, robot.id, {
      version: '1.0.0',
      file: { name: 'Robot.ex5', content: ex5File(ROBOT_FILE_MAX_BYTES + 1) },
    });
    expect(huge.statusCode).toBe(413);

    expect(releaseFiles(robot.id)).toEqual([]);
    expect(await releases(robot.id)).toEqual([]);
    expect(
      (await uploadRelease(shop.admin, robot.id, { file: { name: 'Robot.ex4', content: ex4File() } })).statusCode,
    ).toBe(201);
    // An unknown robot.
    expect((await uploadRelease(shop.admin, 'no-such-robot')).statusCode).toBe(404);
    expect((await shop.admin.get('/api/admin/robots/no-such-robot/releases')).statusCode).toBe(404);
  });

  it('deletes a release no order holds, with its file; a delivered one stays (409)', async () => {
    const robot = await shop.newRobot();
    const unused = (await uploadRelease(shop.admin, robot.id, { version: '1.0.0' })).json<RobotRelease>();
    expect((await shop.admin.delete(`/api/admin/robots/${robot.id}/releases/${unused.id}`)).statusCode).toBe(204);
    expect(releaseFiles(robot.id)).toEqual([]);
    expect(await releases(robot.id)).toEqual([]);
    expect((await shop.admin.delete(`/api/admin/robots/${robot.id}/releases/${unused.id}`)).statusCode).toBe(404);

    // An order completed with it holds it.
    const delivered = (await uploadRelease(shop.admin, robot.id, { version: '1.1.0' })).json<RobotRelease>();
    await shop.newOrder({ robot, status: 'completed' });
    await shop.app.releaseDistribution.drain();
    expect((await releases(robot.id))[0]).toMatchObject({ version: '1.1.0', orders: 1 });
    const refused = await shop.admin.delete(`/api/admin/robots/${robot.id}/releases/${delivered.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'release_in_use',
      message: 'Version 1.1.0 has been delivered to orders: it stays in their history and cannot be deleted.',
    });
    expect(releaseFiles(robot.id)).toHaveLength(1);
  });

  it('keeps a robot with automatic delivery and no release out of sale, with a clear message', async () => {
    const message =
      'A robot delivered automatically needs a release before it can be active for sale: upload one in its Releases section, or set the robot inactive or delivered per order.';
    const created = await shop.admin.post('/api/admin/robots', {
      name: 'Auto without release',
      price: 10,
      delivery: 'automatic',
    });
    expect(created.statusCode).toBe(409);
    expect(created.json().error).toMatchObject({ code: 'release_required', message });

    const robot = await shop.newRobot({ delivery: 'automatic', status: 'inactive' });
    const activated = await shop.admin.patch(`/api/admin/robots/${robot.id}`, { status: 'active' });
    expect(activated.statusCode).toBe(409);
    expect(activated.json().error).toMatchObject({ code: 'release_required', message });
    expect(
      (await shop.admin.get('/api/admin/robots')).json<Robot[]>().find((item) => item.id === robot.id),
    ).toMatchObject({ status: 'inactive' });
    // An active robot delivered per order cannot switch to automatic delivery without a release either.
    const perOrder = await shop.newRobot();
    expect((await shop.admin.patch(`/api/admin/robots/${perOrder.id}`, { delivery: 'automatic' })).statusCode).toBe(
      409,
    );
    expect(await publicRobot(perOrder.id)).toMatchObject({ delivery: 'per_order' });

    const release = (await uploadRelease(shop.admin, robot.id, { version: '3.0.0' })).json<RobotRelease>();
    expect((await shop.admin.patch(`/api/admin/robots/${robot.id}`, { status: 'active' })).statusCode).toBe(200);
    expect(await publicRobot(robot.id)).toMatchObject({ delivery: 'automatic', current_version: '3.0.0' });

    // Its last release stays while it is for sale with automatic delivery.
    const last = await shop.admin.delete(`/api/admin/robots/${robot.id}/releases/${release.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toMatchObject({
      code: 'release_required',
      message:
        'Version 3.0.0 is the last release of a robot for sale with automatic delivery: upload another first, or set the robot inactive or delivered per order.',
    });
    const next = (await uploadRelease(shop.admin, robot.id, { version: '3.1.0' })).json<RobotRelease>();
    expect((await shop.admin.delete(`/api/admin/robots/${robot.id}/releases/${next.id}`)).statusCode).toBe(204);
    expect(await publicRobot(robot.id)).toMatchObject({ current_version: '3.0.0' });
    expect((await shop.admin.patch(`/api/admin/robots/${robot.id}`, { status: 'inactive' })).statusCode).toBe(200);
    expect((await shop.admin.delete(`/api/admin/robots/${robot.id}/releases/${release.id}`)).statusCode).toBe(204);
  });

  it('deletes a robot with its unused release files, keeping those an order holds', async () => {
    const robot = await shop.newRobot();
    await uploadRelease(shop.admin, robot.id, { version: '1.0.0' });
    const order = await shop.newOrder({ robot, status: 'completed' });
    await shop.app.releaseDistribution.drain();
    // Refunded, the order gets no later release, and keeps the one it had for the records.
    expect((await shop.admin.post(`/api/admin/orders/${order.id}/refund`, {})).statusCode).toBe(200);
    await uploadRelease(shop.admin, robot.id, { version: '2.0.0' });
    await shop.app.releaseDistribution.drain();
    expect(releaseFiles(robot.id)).toHaveLength(2);
    expect((await shop.admin.delete(`/api/admin/robots/${robot.id}`)).statusCode).toBe(204);
    expect(releaseFiles(robot.id)).toHaveLength(1);
    const versions = await shop.app.database.db
      .selectFrom('order_versions')
      .select(['label', 'release_id'])
      .where('order_id', '=', order.id)
      .execute();
    expect(versions).toEqual([{ label: '1.0.0', release_id: null }]);
  });

  it('is for administrators only', async () => {
    const robot = await shop.newRobot();
    expect((await uploadRelease(shop.client, robot.id)).statusCode).toBe(403);
    expect((await uploadRelease(shop.anonymous, robot.id)).statusCode).toBe(401);
    expect((await shop.client.get(`/api/admin/robots/${robot.id}/releases`)).statusCode).toBe(403);
    expect(releaseFiles(robot.id)).toEqual([]);
  });
});
