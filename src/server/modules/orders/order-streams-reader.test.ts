import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { POOL_SIZE } from '../../db/postgres.js';
import { ListeningConnection } from '../../realtime/listening-connection.js';
import { createOrderChanges } from '../../realtime/order-changes.js';
import { OrderStreams, type OrderEvent } from './order-streams.js';

describe.each(testDialects)('order streams on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  it("reaches a page with a committed change while every connection of the app's writes is taken", async () => {
    // Issue 21 §6: a burst of payment callbacks takes the app's connections (SQLite's one, the
    // PostgreSQL pool); the pages of the orders already paid must not wait for the burst to end.
    const { db } = shop.app.database;
    const log = pino({ level: 'silent' });
    const { database } = shop.config;
    const connection = database.dialect === 'postgres' ? new ListeningConnection(database.url, log) : null;
    const changes = createOrderChanges(db, database, connection, log);
    await changes.ready;
    const streams = new OrderStreams(changes, database.dialect, log);
    const order = await shop.newOrder({ status: 'paid' });
    const heard: OrderEvent[] = [];
    const stop = streams.watch(
      order.id,
      (event) => heard.push(event),
      () => undefined,
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const busy: Promise<void>[] = [];
    try {
      // SQLite has one connection; the PostgreSQL pool may lend one to a background job meanwhile.
      const connections = dialect === 'postgres' ? POOL_SIZE : 1;
      let holding = 0;
      for (let i = 0; i < connections; i++)
        busy.push(
          db.transaction().execute(async (trx) => {
            await sql`select 1`.execute(trx);
            holding += 1;
            await held;
          }),
        );
      await vi.waitFor(() =>
        dialect === 'postgres'
          ? expect(shop.app.database.poolStats()).toMatchObject({ total: POOL_SIZE, idle: 0 })
          : expect(holding).toBe(1),
      );
      await changes.publish(order.id);
      // The write connections stay held until `finally`: however long this takes, the event came past them.
      await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 10_000 });
      expect(heard[0]!.text).toContain(`"id":"${order.id}"`);
      expect(heard[0]!.text).toContain('"status":"paid"');
    } finally {
      release();
      await Promise.all(busy);
      stop();
      streams.closeAll();
      await changes.close();
      await connection?.close();
    }
  });
});
