import type { OrdersRepository } from './orders.repository.js';

export type OrderWrite<T> = (orders: OrdersRepository) => Promise<T>;

interface Waiting {
  work: OrderWrite<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Commits the new orders of one turn of the event loop together (issue 21 §2), as the licence
 * check log does with checks (decision 0017).
 *
 * Each new order is a transaction of its own (the order and its 'received' email in the email
 * outbox), and its commit was the dearest part of creating it: SQLite writes its log at every
 * commit, PostgreSQL waits for its log to reach the disk. So the writes that arrive in the same
 * turn run one after the other in one transaction, committed at the end of that turn. Each
 * caller's promise settles only once its own order is committed, so an answer never leaves before
 * its order and email exist. If the shared transaction fails (e.g. two requests with the same
 * Idempotency-Key raced), each write runs again in a transaction of its own, so one failure fails
 * only its own request, with its own error. A write must therefore be safe to run twice (its
 * first run rolled back); it decides nothing outside the database.
 */
export class GroupedOrderWrites {
  private waiting: Waiting[] = [];

  constructor(private readonly repository: Pick<OrdersRepository, 'transaction'>) {}

  write<T>(work: OrderWrite<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 1) {
      const [only] = batch;
      return this.repository.transaction(only!.work).then(only!.resolve, only!.reject);
    }
    let results: unknown[];
    try {
      results = await this.repository.transaction(async (orders) => {
        const written: unknown[] = [];
        for (const { work } of batch) written.push(await work(orders));
        return written;
      });
    } catch {
      for (const entry of batch) this.repository.transaction(entry.work).then(entry.resolve, entry.reject);
      return;
    }
    batch.forEach((entry, index) => entry.resolve(results[index]));
  }
}
