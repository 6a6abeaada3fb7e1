interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Commits together what arrives in one turn of the event loop: the licence check log (decision
 * 0017), new orders (issue 21 §2) and, on SQLite, order status changes (issue 21 §6). A commit is
 * the dearest part of such a write: SQLite writes its log at every commit, PostgreSQL waits for
 * its log to reach the disk. The licences to follow after status changes are read together the
 * same way (one query for the turn's orders, then each order's own write).
 *
 * `commit` writes a batch in one transaction and answers one result per item, in order. Each
 * caller's promise settles only once its own item is committed, so an answer never leaves before
 * its write. If the shared transaction fails, each item is committed again alone, so one bad item
 * fails only its own caller, with its own error: an item must be safe to write twice (its first
 * write rolled back).
 */
export class TurnBatch<Item, Result> {
  private waiting: Waiting<Item, Result>[] = [];

  constructor(private readonly commit: (items: Item[]) => Promise<Result[]>) {}

  add(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ item, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    let results: Result[];
    try {
      results = await this.commit(batch.map((entry) => entry.item));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const entry of batch) this.commit([entry.item]).then(([result]) => entry.resolve(result!), entry.reject);
      return;
    }
    batch.forEach((entry, index) => entry.resolve(results[index]!));
  }
}
