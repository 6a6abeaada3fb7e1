import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../tests/support/test-app.js';
import { directStatements } from './direct-statements.js';

describe.each(testDialects)('direct statements on %s', (dialect) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
  });
  afterAll(() => shop.close());

  const db = () => shop.app.database.db;
  const insertFaq = (id: string, active = true) =>
    db()
      .insertInto('faqs')
      .values({ id, question_en: `Q ${id}`, question_fr: '', answer_en: 'A', answer_fr: '', active })
      .compile();
  const selectFaq = (id: string) => db().selectFrom('faqs').select(['id', 'active']).where('id', '=', id).compile();

  it('reads rows of the same shape as Kysely does, booleans included', async () => {
    const [on, off] = [randomUUID(), randomUUID()];
    await db()
      .insertInto('faqs')
      .values([
        { id: on, question_en: 'Q on', question_fr: '', answer_en: 'A', answer_fr: '', active: true },
        { id: off, question_en: 'Q off', question_fr: '', answer_en: 'A', answer_fr: '', active: false },
      ])
      .execute();
    const direct = directStatements(db());
    expect(await direct.read(selectFaq(on))).toEqual([{ id: on, active: true }]);
    expect(await direct.read(selectFaq(off))).toEqual([{ id: off, active: false }]);
    expect(await direct.read(selectFaq(randomUUID()))).toEqual([]);
  });

  it('commits all the writes together, or none when one fails', async () => {
    const direct = directStatements(db());
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    await direct.writeInTransaction([insertFaq(first), insertFaq(second, false)]);
    expect(await direct.read(selectFaq(first))).toEqual([{ id: first, active: true }]);
    expect(await direct.read(selectFaq(second))).toEqual([{ id: second, active: false }]);

    // The second insert repeats a primary key: the first of the batch must not stay.
    await expect(direct.writeInTransaction([insertFaq(third), insertFaq(first)])).rejects.toThrow();
    expect(await direct.read(selectFaq(third))).toEqual([]);
  });

  it('answers how many rows each write changed', async () => {
    const direct = directStatements(db());
    const [id, missing] = [randomUUID(), randomUUID()];
    const deactivate = (faqId: string) =>
      db().updateTable('faqs').set({ active: false }).where('id', '=', faqId).compile();
    expect(await direct.writeInTransaction([insertFaq(id), deactivate(id), deactivate(missing)])).toEqual([1, 1, 0]);
    expect(await direct.writeInTransaction([deactivate(missing)])).toEqual([0]);
    expect(await direct.read(selectFaq(id))).toEqual([{ id, active: false }]);
  });

  it('neither reads nor writes inside a transaction that Kysely has open meanwhile', async () => {
    const direct = directStatements(db());
    const [uncommitted, beside] = [randomUUID(), randomUUID()];
    let inserted!: () => void;
    const insertedInTransaction = new Promise<void>((resolve) => (inserted = resolve));
    let rollBack!: () => void;
    const rollBackNow = new Promise<void>((resolve) => (rollBack = resolve));
    const transaction = db()
      .transaction()
      .execute(async (trx) => {
        await trx.executeQuery(insertFaq(uncommitted));
        inserted();
        await rollBackNow;
        throw new Error('rolled back on purpose');
      });
    await insertedInTransaction;
    const read = direct.read(selectFaq(uncommitted));
    const write = direct.writeInTransaction([insertFaq(beside)]);
    rollBack();
    await expect(transaction).rejects.toThrow('rolled back on purpose');
    // The read never saw the row that was rolled back, and the write outlived that transaction.
    expect(await read).toEqual([]);
    await write;
    expect(await direct.read(selectFaq(beside))).toEqual([{ id: beside, active: true }]);
    expect(await direct.read(selectFaq(uncommitted))).toEqual([]);
  });

  it('runs through Kysely inside a transaction given to it', async () => {
    const id = randomUUID();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          const inTransaction = directStatements(trx);
          expect(await inTransaction.read(selectFaq(id))).toEqual([]);
          await trx.executeQuery(insertFaq(id));
          // Its own uncommitted row: the read ran on the transaction's connection.
          expect(await inTransaction.read(selectFaq(id))).toEqual([{ id, active: true }]);
          throw new Error('rolled back on purpose');
        }),
    ).rejects.toThrow('rolled back on purpose');
    expect(await directStatements(db()).read(selectFaq(id))).toEqual([]);
  });
});
