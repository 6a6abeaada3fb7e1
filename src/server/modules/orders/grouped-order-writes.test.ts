import { describe, expect, it } from 'vitest';
import { GroupedOrderWrites } from './grouped-order-writes.js';
import type { OrdersRepository } from './orders.repository.js';

/**
 * A stand-in for the repository's transaction: it records which writes ran in each transaction
 * and what committed; a transaction whose work throws commits nothing.
 */
function fakeRepository() {
  const transactions: string[][] = [];
  const committed: string[] = [];
  const repository = {
    async transaction<T>(work: (orders: OrdersRepository) => Promise<T>): Promise<T> {
      const written: string[] = [];
      transactions.push(written);
      const result = await work({ written } as unknown as OrdersRepository);
      committed.push(...written);
      return result;
    },
  };
  return { repository, transactions, committed };
}

/** A write that records its name in the transaction it runs in, or fails when told to. */
function write(name: string, fails = false) {
  return async (orders: OrdersRepository) => {
    if (fails) throw new Error(`${name} failed`);
    (orders as unknown as { written: string[] }).written.push(name);
    return `${name} done`;
  };
}

describe('grouped order writes', () => {
  it('commits the writes of one event-loop turn in one transaction, each answering its own result', async () => {
    const { repository, transactions, committed } = fakeRepository();
    const writes = new GroupedOrderWrites(repository);
    const results = await Promise.all([writes.write(write('a')), writes.write(write('b')), writes.write(write('c'))]);
    expect(results).toEqual(['a done', 'b done', 'c done']);
    expect(transactions).toEqual([['a', 'b', 'c']]);
    expect(committed).toEqual(['a', 'b', 'c']);
    // A later turn is a transaction of its own.
    expect(await writes.write(write('d'))).toBe('d done');
    expect(transactions).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('runs each write alone when the shared transaction fails, so one failure fails only its own write', async () => {
    const { repository, transactions, committed } = fakeRepository();
    const writes = new GroupedOrderWrites(repository);
    const results = await Promise.allSettled([
      writes.write(write('a')),
      writes.write(write('b', true)),
      writes.write(write('c')),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'a done' },
      { status: 'rejected', reason: new Error('b failed') },
      { status: 'fulfilled', value: 'c done' },
    ]);
    // The shared attempt wrote 'a' before 'b' failed, and committed nothing; then each alone.
    expect(transactions).toEqual([['a'], ['a'], [], ['c']]);
    expect(committed).toEqual(['a', 'c']);
  });

  it('answers a lone write’s own error without running it twice', async () => {
    const { repository, transactions } = fakeRepository();
    const writes = new GroupedOrderWrites(repository);
    await expect(writes.write(write('a', true))).rejects.toThrow('a failed');
    expect(transactions).toEqual([[]]);
  });
});
