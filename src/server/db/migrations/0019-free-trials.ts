import { sql, type Kysely } from 'kysely';
import { booleanCheck, type ColumnTypes } from '../dialect.js';

/**
 * Free trials (issue 18 §3, decision 0020): a robot's trial length, and on an order whether it is
 * a trial, when it ends and when its client was told it was ending. One trial per client and
 * robot is a partial unique index, so two requests at once cannot both start one.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  // Null: no trial. The rules that go with it (a licensed robot delivered automatically) are the
  // catalogue's, since they read other columns and answer the owner in words.
  await db.schema
    .alterTable('robots')
    .addColumn('trial_days', t.integer, (c) => c.check(sql`trial_days between 1 and 90`))
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('trial', t.boolean, (c) => c.notNull().defaultTo(t.false).check(booleanCheck(t, 'trial')))
    .execute();
  await db.schema.alterTable('orders').addColumn('trial_ends_at', t.timestamp).execute();
  // Set in the transaction that writes the "trial ending" email to the outbox: sent once.
  await db.schema.alterTable('orders').addColumn('trial_reminder_sent_at', t.timestamp).execute();

  // A deleted robot empties robot_id (DESIGN deviation 2): null never collides, so its trials no
  // longer count, and neither do those of a deleted account.
  await db.schema
    .createIndex('orders_one_trial_per_robot_uq')
    .on('orders')
    .columns(['user_id', 'robot_id'])
    .unique()
    .where(sql.ref('trial'), '=', t.true)
    .execute();
  // The reminder job reads trials by their end; other orders have none and stay out of the index.
  await db.schema
    .createIndex('orders_trial_ends_idx')
    .on('orders')
    .column('trial_ends_at')
    .where(sql.ref('trial_ends_at'), 'is not', null)
    .execute();
}
