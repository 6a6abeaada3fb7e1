import { TurnBatch } from '../../db/turn-batch.js';
import type { OrdersRepository } from './orders.repository.js';

export type OrderWrite<T> = (orders: OrdersRepository) => Promise<T>;

/**
 * Commits the new orders of one turn of the event loop together (issue 21 §2, `TurnBatch`). Each
 * new order is a transaction of its own (the order and its 'received' email in the email outbox),
 * and its commit was the dearest part of creating it; so the writes of one turn run one after the
 * other in one transaction. A caller's promise settles once its own order is committed; if the
 * shared transaction fails (e.g. two requests with the same Idempotency-Key raced), each write
 * runs again alone. A write must therefore be safe to run twice (its first run rolled back): it
 * decides nothing outside the database.
 */
export class GroupedOrderWrites {
  private readonly batch: TurnBatch<OrderWrite<unknown>, unknown>;

  constructor(repository: Pick<OrdersRepository, 'transaction'>) {
    this.batch = new TurnBatch((works) =>
      repository.transaction(async (orders) => {
        const written: unknown[] = [];
        for (const work of works) written.push(await work(orders));
        return written;
      }),
    );
  }

  write<T>(work: OrderWrite<T>): Promise<T> {
    return this.batch.add(work) as Promise<T>;
  }
}
