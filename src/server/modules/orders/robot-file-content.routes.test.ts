import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeRobot,
  createOrder,
  paymentCallback,
  setSetting,
  uploadRobotFile,
  WORKFLOW_SECRET,
} from '../../../../tests/support/orders.js';
import {
  elfBinary,
  ex4File,
  ex5File,
  legacyEx4File,
  MQL_SOURCE,
  robotZip,
  utf16Source,
  windowsExecutable,
  zipArchive,
} from '../../../../tests/support/robot-files.js';
import { startS3Server, type TestS3Server } from '../../../../tests/support/s3-server.js';
import { createClient, SAME_ORIGIN, signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';

function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

const FOUR_GB = 4 * 1024 * 1024 * 1024;
/** The most a classic (not ZIP64) directory entry can declare: 0xFFFFFFFF itself means "see ZIP64". */
const ALMOST_FOUR_GB = 0xfffffffe;

/** Files that are not what their name says, and why each is refused. */
const refused: [string, string, () => Buffer, string][] = [
  ['an ELF binary named robot.mq4', 'robot.mq4', () => elfBinary(), 'not_text'],
  ['a Windows program named robot.mq5', 'robot.mq5', () => windowsExecutable(), 'not_text'],
  [
    'text that is not UTF-8 (Latin-1 bytes)',
    'robot.mq4',
    () => Buffer.from('// Copyright \xa9 2010\n', 'latin1'),
    'not_text',
  ],
  [
    'UTF-16 with an unpaired surrogate',
    'robot.mq5',
    () => Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x00, 0xd8, 0x41, 0x00]),
    'not_text',
  ],
  ['an empty source file', 'robot.mq4', () => Buffer.alloc(0), 'empty'],
  ['a Python script with a NUL byte', 'robot.py', () => Buffer.from('print(1)\0\n'), 'not_text'],
  ['an ELF binary named robot.ex4', 'robot.ex4', () => elfBinary(), 'not_compiled'],
  ['a Windows program named robot.ex5', 'robot.ex5', () => windowsExecutable(), 'not_compiled'],
  ['an MT4 program named robot.ex5', 'robot.ex5', () => ex4File(), 'not_compiled'],
  ['a header alone', 'robot.ex5', () => ex5File().subarray(0, 16), 'not_compiled'],
  [
    'a zip declaring 4 GB',
    'robot.zip',
    () => zipArchive([{ name: 'robot.ex5', content: ex5File(), declaredSize: ALMOST_FOUR_GB }]),
    'archive_too_large',
  ],
  [
    'a zip declaring 4 GB in a ZIP64 field',
    'robot.zip',
    () => zipArchive([{ name: 'robot.ex5', content: ex5File(), declaredSize: FOUR_GB, zip64: true }]),
    'archive_too_large',
  ],
  [
    'a zip whose entries together declare more than 200 MB',
    'robot.zip',
    () =>
      zipArchive(
        Array.from({ length: 3 }, (_, i) => ({
          name: `part${i}.bin`,
          content: Buffer.alloc(10),
          declaredSize: 70 * 1024 * 1024,
        })),
      ),
    'archive_too_large',
  ],
  [
    'a zip of 1001 entries',
    'robot.zip',
    () => zipArchive(Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}.txt`, content: Buffer.from('x') }))),
    'archive_too_many_entries',
  ],
  [
    'a zip writing outside its folder',
    'robot.zip',
    () => zipArchive([{ name: '../../robot.ex5', content: ex5File() }]),
    'archive_unsafe_path',
  ],
  [
    'a zip with an absolute path',
    'robot.zip',
    () => zipArchive([{ name: '/etc/cron.d/robot', content: Buffer.from('x') }]),
    'archive_unsafe_path',
  ],
  [
    'a zip with a Windows drive path',
    'robot.zip',
    () => zipArchive([{ name: 'C:\\Windows\\robot.dll', content: Buffer.from('x') }]),
    'archive_unsafe_path',
  ],
  [
    'an encrypted zip',
    'robot.zip',
    () => zipArchive([{ name: 'robot.ex5', content: ex5File(), encrypted: true }]),
    'archive_encrypted',
  ],
  ['a zip cut short', 'robot.zip', () => robotZip().subarray(0, 200), 'archive_broken'],
  ['a zip without entries', 'robot.zip', () => zipArchive([]), 'archive_empty'],
  ['an ELF binary named robot.zip', 'robot.zip', () => elfBinary(), 'archive_broken'],
];

describe.each(testDialects)('robot file content on %s', (dialect) => {
  let shop: TestApp;
  let admin: string;
  let client: Awaited<ReturnType<typeof createClient>>;
  let robotId: string;

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
    admin = await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
    client = await createClient(shop.app, 'seller-check@example.com');
    robotId = (await activeRobot(shop.app)).id;
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(() => shop.close());

  const paidOrder = async () => {
    const order = await createOrder(shop.app, client.cookie, robotId);
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    return order;
  };
  const storedFiles = () => filesUnder(path.join(shop.dataDir, 'storage'));

  it.each(refused)('refuses %s with a clear 422, keeping nothing', async (_case, fileName, content, reason) => {
    const order = await paidOrder();
    const before = storedFiles();
    const response = await uploadRobotFile(shop.app, admin, order.id, fileName, content());
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'robot_file_refused', fields: { 'body.file': reason } });
    expect(response.json().error.message).toMatch(/\S/);
    expect(storedFiles()).toEqual(before);
    const after = await shop.app.inject({ url: `/api/admin/orders/${order.id}`, headers: { cookie: admin } });
    expect(after.json()).toMatchObject({ status: 'paid', has_file: false });
  });

  it.each([
    ['a compiled MT5 robot', 'Golden Robot.ex5', () => ex5File()],
    ['a compiled MT4 robot (build 600 and later)', 'Golden Robot.ex4', () => ex4File()],
    ['a compiled MT4 robot from before build 600', 'Golden Robot.ex4', () => legacyEx4File()],
    ['MQL5 source saved by MetaEditor (UTF-16 with BOM)', 'Golden Robot.mq5', () => utf16Source()],
    [
      'MQL5 source in UTF-16 big-endian',
      'Golden Robot.mq5',
      () => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(MQL_SOURCE, 'utf16le').swap16()]),
    ],
    ['MQL4 source in UTF-8', 'Golden Robot.mq4', () => Buffer.from(MQL_SOURCE)],
    [
      'MQL4 source in UTF-8 with BOM',
      'Golden Robot.mq4',
      () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(MQL_SOURCE)]),
    ],
    ['a Python robot', 'golden_robot.py', () => Buffer.from('#!/usr/bin/env python3\nprint("trading")\n')],
    ['a zip of the robot, its source and a read-me', 'Golden Robot.zip', () => robotZip()],
    [
      'a zip with ZIP64 sizes',
      'Golden Robot.zip',
      () =>
        zipArchive([{ name: 'robot.ex5', content: ex5File(), zip64: true }], {
          comment: 'built by a streaming writer',
        }),
    ],
  ])('accepts %s and delivers it byte for byte', async (_case, fileName, content) => {
    const order = await paidOrder();
    const bytes = content();
    const response = await uploadRobotFile(shop.app, admin, order.id, fileName, bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'completed', file_name: fileName });
    const link = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/download`,
      headers: { ...SAME_ORIGIN, cookie: client.cookie },
    });
    const file = await shop.app.inject({ url: new URL(link.json<{ url: string }>().url).pathname });
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('strips control and bidirectional characters from the stored name', async () => {
    const order = await paidOrder();
    // U+202E would show "Gold\u202Eexe.mq4" as "Gold4qm.exe" in a file manager.
    const response = await uploadRobotFile(
      shop.app,
      admin,
      order.id,
      '\u2066Gold\u202Eexe\u200F\u2069 Robot\u0085\u200E.mq4',
      Buffer.from(MQL_SOURCE),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().file_name).toBe('Goldexe Robot.mq4');
  });
});

describe.each(testDialects)('robot file content on %s with S3 storage', (dialect) => {
  let s3: TestS3Server;
  let shop: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
    shop = await createTestApp(dialect, {
      STATS_REFRESH_SECONDS: '0',
      STORAGE: 's3',
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint!,
      S3_ACCESS_KEY_ID: s3.config.credentials!.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.credentials!.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(async () => {
    await shop.close();
    await s3.close();
  });

  it('leaves no object and no pending upload in the bucket when it refuses a file', async () => {
    const admin = await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const client = await createClient(shop.app, 'seller-s3@example.com');
    const order = await createOrder(shop.app, client.cookie, (await activeRobot(shop.app)).id);
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    // Large enough to go up in parts before the archive's end is read.
    const bomb = zipArchive([
      { name: 'padding.bin', content: Buffer.alloc(12 * 1024 * 1024, 1) },
      { name: 'robot.ex5', content: ex5File(), declaredSize: ALMOST_FOUR_GB },
    ]);
    for (const [name, content] of [
      ['robot.mq4', elfBinary(12 * 1024 * 1024)],
      ['robot.zip', bomb],
    ] as const) {
      const response = await uploadRobotFile(shop.app, admin, order.id, name, content);
      expect(response.statusCode, name).toBe(422);
    }
    // The demo catalogue's release files are stored at the first start; nothing else is private.
    expect(s3.objects().filter((key) => key.startsWith('private/') && !key.startsWith('private/releases/'))).toEqual(
      [],
    );
    expect(s3.pendingUploads()).toEqual([]);
  });
});
