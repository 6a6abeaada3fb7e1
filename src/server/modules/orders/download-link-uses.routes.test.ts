import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeRobot,
  createOrder,
  paymentCallback,
  setSetting,
  uploadRobotFile,
  WORKFLOW_SECRET,
} from '../../../../tests/support/orders.js';
import { robotZip, zipOfSize } from '../../../../tests/support/robot-files.js';
import { startS3Server, type TestS3Server } from '../../../../tests/support/s3-server.js';
import { createClient, SAME_ORIGIN, signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { DownloadLinks } from './download-links.js';

// One S3-compatible server for the file: the shops configured with STORAGE=s3 keep their files in it.
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

function storageEnv(storage: 'local' | 's3'): Record<string, string> {
  if (storage === 'local') return {};
  return {
    STORAGE: 's3',
    S3_BUCKET: s3.config.bucket,
    S3_ENDPOINT: s3.config.endpoint!,
    S3_ACCESS_KEY_ID: s3.config.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.config.credentials!.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** What a GET over a real connection received before we cut it, or the whole answer. */
function fetchOverHttp(
  url: string,
  headers: Record<string, string>,
  cutAfterBytes = Infinity,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const request = httpRequest(url, { headers, agent: false }, (response) => {
      const done = () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) });
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        // A dropped connection, as a train entering a tunnel makes it.
        if (received >= cutAfterBytes) {
          request.destroy();
          done();
        }
      });
      response.on('end', done);
      response.on('error', () => done());
    });
    request.on('error', (error) => (received >= cutAfterBytes ? undefined : reject(error)));
    request.end();
  });
}

describe.each(
  testDialects.flatMap((dialect) => (['local', 's3'] as const).map((storage) => [dialect, storage] as const)),
)('download links on %s with %s storage', (dialect, storage) => {
  let shop: TestApp;
  let admin: string;
  let client: Awaited<ReturnType<typeof createClient>>;
  let robotId: string;

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0', ...storageEnv(storage) });
    admin = await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
    client = await createClient(shop.app, 'downloader@example.com', 'Dora Loader');
    robotId = (await activeRobot(shop.app)).id;
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(() => shop.close());

  async function deliveredOrder(content: Buffer = robotZip()) {
    const order = await createOrder(shop.app, client.cookie, robotId);
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    const uploaded = await uploadRobotFile(shop.app, admin, order.id, 'Golden Robot.zip', content);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return order;
  }

  /** Asks for a download (one of the two) and answers the link's path. */
  async function newLink(orderId: string): Promise<string> {
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/download`,
      headers: { ...SAME_ORIGIN, cookie: client.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return new URL(response.json<{ url: string }>().url).pathname;
  }

  // The link is the proof: no session, as a download manager fetches it.
  const fetchLink = (path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    shop.app.inject({ method, url: path, headers });

  const downloadRow = (link: string) =>
    shop.app.database.db
      .selectFrom('order_downloads')
      .selectAll()
      .where('id', '=', link.split('/').pop()!.split('.')[0]!)
      .executeTakeFirstOrThrow();

  const fetches = (orderId: string) =>
    shop.app.database.db
      .selectFrom('order_download_fetches')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('fetched_at')
      .execute();

  it('answers each link once: after both downloads, the second link refuses three more GETs', async () => {
    const content = robotZip();
    const order = await deliveredOrder(content);
    const first = await newLink(order.id);
    const second = await newLink(order.id);
    for (const link of [first, second]) {
      const file = await fetchLink(link);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(content)).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      const again = await fetchLink(second);
      expect(again.statusCode).toBe(410);
      expect(again.json().error).toMatchObject({
        code: 'download_link_used',
        message: 'This download link was already used. Ask for a new download from My Orders.',
      });
    }
    expect((await fetchLink(first)).statusCode).toBe(410);
    const order2 = await shop.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie: client.cookie } });
    expect(order2.json()).toMatchObject({ download_count: 2, downloads_remaining: 0 });
  });

  it('answers a browser that accepts compression the file as it is, with its length', async () => {
    // A robot file is an archive or a compiled program: compressing it again costs the server
    // CPU for nothing, and the answer would lose its Content-Length (no progress bar).
    const content = robotZip();
    const order = await deliveredOrder(content);
    const link = await newLink(order.id);
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const head = await fetchLink(link, browser, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers['content-length']).toBe(String(content.length));
    const file = await fetchLink(link, browser);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.headers['content-length']).toBe(String(content.length));
    expect(file.rawPayload.equals(content)).toBe(true);
  });

  it('logs every fetch of a link with its order, link, time, address, range and outcome, shown on the order', async () => {
    const order = await deliveredOrder();
    const link = await newLink(order.id);
    expect((await fetchLink(link, { range: 'bytes=0-99' })).statusCode).toBe(206);
    expect((await fetchLink(link)).statusCode).toBe(410);
    const logged = await fetches(order.id);
    const downloadId = link.split('/').pop()!.split('.')[0];
    expect(logged).toHaveLength(2);
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          order_id: order.id,
          download_id: downloadId,
          ip_address: '127.0.0.1',
          range_header: 'bytes=0-99',
          outcome: 'range',
        }),
        expect.objectContaining({ download_id: downloadId, range_header: null, outcome: 'refused_used' }),
      ]),
    );
    expect(Date.parse(logged[0]!.fetched_at)).toBeGreaterThan(Date.now() - 60_000);
    const detail = await shop.app.inject({
      url: `/api/admin/orders/${order.id}`,
      headers: { ...SAME_ORIGIN, cookie: admin },
    });
    expect(detail.json().fetches).toHaveLength(2);
    expect(detail.json().fetches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ download_id: downloadId, outcome: 'refused_used', range_header: null }),
        expect.objectContaining({ download_id: downloadId, outcome: 'range', range_header: 'bytes=0-99' }),
      ]),
    );
  });

  it('lets two parallel GETs of a fresh link make one download, not two', async () => {
    const content = robotZip();
    const order = await deliveredOrder(content);
    const link = await newLink(order.id);
    const answers = await Promise.all([fetchLink(link), fetchLink(link), fetchLink(link)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410, 410]);
    expect(answers.find((answer) => answer.statusCode === 200)!.rawPayload.equals(content)).toBe(true);
  });

  it('resumes a download cut half-way with Range within the hour, then answers no more', async () => {
    const content = zipOfSize(24 * 1024 * 1024);
    const order = await deliveredOrder(content);
    const link = await newLink(order.id);
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;

    const cut = await fetchOverHttp(origin + link, {}, 256 * 1024);
    expect(cut.status).toBe(200);
    expect(cut.headers['accept-ranges']).toBe('bytes');
    expect(cut.body.length).toBeLessThan(content.length);

    const rest = await fetchOverHttp(origin + link, {
      range: `bytes=${cut.body.length}-`,
      'if-range': String(cut.headers.etag),
    });
    expect(rest.status).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${cut.body.length}-${content.length - 1}/${content.length}`);
    expect(Buffer.concat([cut.body, rest.body]).equals(content)).toBe(true);

    // The whole file went out: the link is spent, whichever way it is asked again. (The server
    // settles the cut answer when it sees the connection closed.)
    await expect.poll(async () => (await downloadRow(link)).completed_at).not.toBeNull();
    expect((await fetchLink(link)).statusCode).toBe(410);
    expect((await fetchLink(link, { range: 'bytes=0-' })).statusCode).toBe(410);
    expect((await fetchLink(link, { range: 'bytes=1-100' })).statusCode).toBe(410);
    expect((await fetches(order.id)).map((fetch) => fetch.outcome).sort()).toEqual([
      'full',
      'range',
      'refused_used',
      'refused_used',
      'refused_used',
    ]);
  });

  it('serves byte ranges of a fresh link and refuses a range past the end', async () => {
    const content = robotZip();
    const order = await deliveredOrder(content);
    const link = await newLink(order.id);
    const past = await fetchLink(link, { range: `bytes=${content.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${content.length}`);
    const head = await fetchLink(link, { range: 'bytes=0-9' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-length']).toBe('10');
    expect(head.rawPayload.equals(content.subarray(0, 10))).toBe(true);
    const tail = await fetchLink(link, { range: 'bytes=-20' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(content.subarray(-20))).toBe(true);
    const middle = await fetchLink(link, { range: 'bytes=10-' });
    expect(middle.rawPayload.equals(content.subarray(10))).toBe(true);
  });

  it('stops a link whose ranges avoid the last byte once it has sent a whole file', async () => {
    const content = robotZip();
    const order = await deliveredOrder(content);
    const link = await newLink(order.id);
    const allButLast = { range: `bytes=0-${content.length - 2}` };
    expect((await fetchLink(link, allButLast)).statusCode).toBe(206);
    expect((await downloadRow(link)).completed_at).toBeNull();
    expect((await fetchLink(link, allButLast)).statusCode).toBe(206);
    expect(await downloadRow(link)).toMatchObject({ bytes_sent: 2 * (content.length - 1), bytes_in_flight: 0 });
    expect((await fetchLink(link, { range: 'bytes=0-0' })).statusCode).toBe(410);
  });

  it('answers HEAD without spending the link', async () => {
    const content = robotZip();
    const order = await deliveredOrder(content);
    const link = await newLink(order.id);
    const head = await fetchLink(link, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(content.length));
    expect(head.headers['accept-ranges']).toBe('bytes');
    const file = await fetchLink(link);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(content)).toBe(true);
  });

  it('kills a link while its order is not in the downloadable status', async () => {
    const order = await deliveredOrder();
    const link = await newLink(order.id);
    const patch = (status: string) =>
      shop.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${order.id}`,
        headers: { ...SAME_ORIGIN, cookie: admin },
        payload: { status },
      });
    expect((await patch('in_progress')).statusCode).toBe(200);
    const refused = await fetchLink(link);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('This file is no longer available.');
    expect((await fetches(order.id)).map((fetch) => fetch.outcome)).toEqual(['refused_unavailable']);
  });

  it('accepts only the canonical spelling of the signature', async () => {
    const order = await deliveredOrder();
    const link = await newLink(order.id);
    const [downloadId, expiry, tag] = link.split('/').pop()!.split('.') as [string, string, string];
    const { file_path } = await shop.app.database.db
      .selectFrom('order_versions')
      .select('file_path')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(DownloadLinks.fileTag(file_path!)).toBe(tag);
    // A signature with a '-' or '_' in it (most have one), for its standard-base64 twin.
    const links = new DownloadLinks(shop.config.authSecret);
    let token = '';
    for (let shift = 0; !/[-_]/.test(token.split('.').pop()!); shift++) {
      token = links.sign(downloadId, file_path!, Number.parseInt(expiry, 36) * 1000 - shift * 1000);
    }
    const mac = token.split('.').pop()!;
    const payload = token.slice(0, -mac.length);
    // The last of 22 characters carries 2 bits of the 16 bytes; the other 4 are unused.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(mac.at(-1)!);
    const sameBits = alphabet[(last & 0b110000) | ((last + 1) & 0b001111)]!;
    const spellings = [
      mac.replaceAll('-', '+').replaceAll('_', '%2F'),
      `${mac}==`,
      `${mac}%3D%3D`,
      `${mac.slice(0, -1)}${sameBits}`,
    ];
    const invalid = await fetchLink(`/api/downloads/${payload}${'A'.repeat(22)}`);
    expect(invalid.statusCode).toBe(403);
    for (const spelling of spellings) {
      const answer = await fetchLink(`/api/downloads/${payload}${spelling}`);
      expect(answer.statusCode, spelling).toBe(invalid.statusCode);
      expect(answer.json(), spelling).toEqual(invalid.json());
    }
    // The canonical spelling of the same signature works.
    expect((await fetchLink(`/api/downloads/${token}`)).statusCode).toBe(200);
  });
});
