import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadRobotFile, WORKFLOW_SECRET } from '../../../../tests/support/orders.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import type { AdminOrderDetail, DownloadLink, Order } from '../../../shared/schemas/orders.js';

/**
 * Each version of an order has its own two downloads (issue 18 §1, decision 0018), behind the
 * same one-link-one-download links as before (decision 0008): the current version by default,
 * any version by its id; the owner's grant gives back a download of the current version; a
 * closed order stops the links of every version.
 */
describe.each(testDialects)('downloads per order version on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect, { env: { STATS_REFRESH_SECONDS: '0' } });
    await shop.setSetting('n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(() => shop?.close());

  /** A completed order with two versions: 1 (first.mq5) and 2 (second.mq5). */
  const twoVersions = async () => {
    const order = await shop.newOrder({ file: { name: 'first.mq5', content: 'version one' } });
    const second = await uploadRobotFile(
      shop.app,
      shop.admin.cookie,
      order.id,
      'second.mq5',
      Buffer.from('version two'),
    );
    expect(second.statusCode).toBe(200);
    const view = (await order.client.get(`/api/orders/${order.id}`)).json<Order>();
    const [current, first] = view.versions as [Order['versions'][number], Order['versions'][number]];
    return { order, current, first };
  };
  const link = (client: Shop['client'], orderId: string, versionId?: string) =>
    client.post(
      versionId ? `/api/orders/${orderId}/versions/${versionId}/download` : `/api/orders/${orderId}/download`,
    );
  const fetchLink = async (url: string) => shop.app.inject({ method: 'GET', url: new URL(url).pathname });

  it('counts two downloads per version, the current one by default, each link naming its own file', async () => {
    const { order, current, first } = await twoVersions();
    expect([current.label, first.label]).toEqual(['2', '1']);

    for (const remaining of [1, 0]) {
      const issued = await link(order.client, order.id, first.id);
      expect(issued.statusCode).toBe(200);
      expect(issued.json<DownloadLink>().remaining).toBe(remaining);
      const file = await fetchLink(issued.json<DownloadLink>().url);
      expect(file.body).toBe('version one');
      expect(file.headers['content-disposition']).toContain('filename="first.mq5"');
    }
    const refused = await link(order.client, order.id, first.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('download_limit_reached');

    // The current version still has both of its own.
    const latest = await link(order.client, order.id);
    expect(latest.json<DownloadLink>().remaining).toBe(1);
    expect((await fetchLink(latest.json<DownloadLink>().url)).body).toBe('version two');
    const mine = (await order.client.get(`/api/orders/${order.id}`)).json<Order>();
    expect(
      mine.versions.map((version) => [version.label, version.download_count, version.downloads_remaining]),
    ).toEqual([
      ['2', 1, 1],
      ['1', 2, 0],
    ]);
    expect(mine).toMatchObject({ download_count: 1, downloads_remaining: 1, file_name: 'second.mq5' });

    // The owner sees which version each link downloads, and every fetch.
    const detail = (await shop.admin.get(`/api/admin/orders/${order.id}`)).json<AdminOrderDetail>();
    expect(detail.downloads.map((download) => download.version_id).sort()).toEqual(
      [first.id, first.id, current.id].sort(),
    );
    expect(detail.fetches.map((fetch) => fetch.outcome)).toEqual(['full', 'full', 'full']);
  });

  it('keeps each link one download, and answers no other order\u2019s version', async () => {
    const { order, first } = await twoVersions();
    const issued = (await link(order.client, order.id, first.id)).json<DownloadLink>();
    expect((await fetchLink(issued.url)).statusCode).toBe(200);
    const reused = await fetchLink(issued.url);
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error.code).toBe('download_link_used');

    // A version of another order, an unknown version, another client's order: not found.
    const other = await twoVersions();
    expect((await link(order.client, order.id, other.first.id)).statusCode).toBe(404);
    expect((await link(order.client, order.id, 'no-such-version')).statusCode).toBe(404);
    expect((await link(shop.client, order.id, first.id)).statusCode).toBe(404);
  });

  it('gives back a download of the current version, and refuses a grant for an order without a file', async () => {
    const { order, current, first } = await twoVersions();
    await link(order.client, order.id);
    await link(order.client, order.id, first.id);
    const granted = await shop.admin.post(`/api/admin/orders/${order.id}/download-grants`, { extra: 1 });
    expect(granted.statusCode).toBe(200);
    expect(granted.json<Order>().versions.map((version) => [version.label, version.download_count])).toEqual([
      ['2', 0],
      ['1', 1],
    ]);
    const detail = (await shop.admin.get(`/api/admin/orders/${order.id}`)).json<AdminOrderDetail>();
    expect(detail.grants).toEqual([expect.objectContaining({ version_id: current.id, extra: 1 })]);

    const unpaid = await shop.newOrder({ status: 'paid' });
    const refused = await shop.admin.post(`/api/admin/orders/${unpaid.id}/download-grants`, { extra: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('file_unavailable');
  });

  it('stops the links of every version once the order is refunded', async () => {
    const { order, current, first } = await twoVersions();
    const links = [
      (await link(order.client, order.id, first.id)).json<DownloadLink>(),
      (await link(order.client, order.id, current.id)).json<DownloadLink>(),
    ];
    expect((await shop.admin.post(`/api/admin/orders/${order.id}/refund`, {})).statusCode).toBe(200);
    for (const issued of links) {
      const refused = await fetchLink(issued.url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('This order can no longer be downloaded.');
    }
    expect((await link(order.client, order.id, first.id)).statusCode).toBe(409);
  });

  it('deletes an order with its versions and the files uploaded for it', async () => {
    const { order } = await twoVersions();
    const folder = path.join(shop.dataDir, 'storage', 'private', 'orders', order.id);
    const files = () => (existsSync(folder) ? readdirSync(folder).filter((name) => !name.startsWith('.')) : []);
    expect(files()).toHaveLength(2);
    expect((await shop.admin.delete(`/api/admin/orders/${order.id}`)).statusCode).toBe(204);
    expect(
      await shop.app.database.db.selectFrom('order_versions').select('id').where('order_id', '=', order.id).execute(),
    ).toEqual([]);
    expect(files()).toEqual([]);
  });
});
