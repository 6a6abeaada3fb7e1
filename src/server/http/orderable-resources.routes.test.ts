import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withShop, type Shop } from '../../../tests/support/shop.js';
import { testDialects } from '../../../tests/support/test-app.js';
import { bannersResource, faqsResource } from '../../shared/admin-resources.js';

type Ordered = { id: string; order_index: number; active: boolean };

/** Every orderable resource of the admin kit, with a record to create and its public list. */
const orderable = [
  {
    resource: bannersResource,
    publicPath: '/api/banners',
    newRecord: (name: string) => ({
      title: { en: name },
      type: 'image',
      content_url: `https://example.com/${name}.png`,
    }),
  },
  {
    resource: faqsResource,
    publicPath: '/api/faqs',
    newRecord: (name: string) => ({ question: { en: `${name}?`, fr: '' }, answer: { en: `About ${name}.`, fr: '' } }),
  },
] as const;

describe.each(testDialects)('orderable resources on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  describe.each(orderable)('$resource.name', ({ resource, publicPath, newRecord }) => {
    const list = async () => (await shop.admin.get(resource.path)).json<Ordered[]>();
    const create = async (name: string) => {
      const response = await shop.admin.post(resource.path, newRecord(name));
      expect(response.statusCode).toBe(201);
      return response.json<Ordered>();
    };
    const move = async (id: string, direction: 'up' | 'down') => {
      const response = await shop.admin.post(`${resource.path}/${id}/move`, { direction });
      expect(response.statusCode).toBe(200);
      return response.json<Ordered[]>();
    };
    const positions = (rows: Ordered[]) => rows.map((row) => row.order_index);

    it('puts a new record last, even after a deletion left a gap in the order', async () => {
      const [first, middle] = [await create('gap-a'), await create('gap-b'), await create('gap-c')];
      expect((await shop.admin.delete(`${resource.path}/${middle!.id}`)).statusCode).toBe(204);
      const created = await create('gap-d');
      const rows = await list();
      expect(rows.at(-1)!.id).toBe(created.id);
      expect(created.order_index).toBeGreaterThan(Math.max(...rows.slice(0, -1).map((row) => row.order_index)));
      expect(rows.map((row) => row.id)).toContain(first!.id);
    });

    it('swaps a record with its neighbour and numbers the list 0..n-1, which the public list follows', async () => {
      const last = await create('to-the-front');
      const count = (await list()).length;
      expect(count).toBeGreaterThanOrEqual(3);

      // Two clicks on ↑: two places up, every record at a place of its own.
      await move(last.id, 'up');
      const twice = await move(last.id, 'up');
      expect(twice.findIndex((row) => row.id === last.id)).toBe(count - 3);
      expect(positions(twice)).toEqual([...Array(count).keys()]);
      const publicIds = (await shop.anonymous.get(publicPath)).json<Ordered[]>().map((row) => row.id);
      expect(publicIds).toEqual(twice.filter((row) => row.active).map((row) => row.id));

      // ↓ puts it back where it came from, neighbours swapped back.
      const down = await move(last.id, 'down');
      expect(down.findIndex((row) => row.id === last.id)).toBe(count - 2);
      expect(positions(down)).toEqual([...Array(count).keys()]);
    });

    it('leaves the order as it is when the first goes up or the last goes down', async () => {
      const before = await list();
      expect(await move(before[0]!.id, 'up')).toEqual(before);
      expect(await move(before.at(-1)!.id, 'down')).toEqual(before);
    });

    it('moves a record even when older data left several at the same order_index', async () => {
      const rows = await list();
      const table = resource.name === 'banner' ? 'banners' : 'faqs';
      // Older data, as SPEC §4's banner rule left it: every record at place 0.
      await shop.app.database.db.updateTable(table).set({ order_index: 0 }).execute();
      const tied = await list();
      const second = tied[1]!;
      const moved = await move(second.id, 'up');
      expect(moved[0]!.id).toBe(second.id);
      expect(positions(moved)).toEqual([...Array(rows.length).keys()]);
    });

    it('answers 404 for a record that does not exist, and refuses a direction it does not know', async () => {
      expect((await shop.admin.post(`${resource.path}/missing/move`, { direction: 'up' })).statusCode).toBe(404);
      const [row] = await list();
      expect((await shop.admin.post(`${resource.path}/${row!.id}/move`, { direction: 'left' })).statusCode).toBe(400);
      expect((await shop.client.post(`${resource.path}/${row!.id}/move`, { direction: 'up' })).statusCode).toBe(403);
    });
  });
});
