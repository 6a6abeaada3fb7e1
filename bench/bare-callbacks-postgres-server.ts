// The payment callbacks reference on the app's PostgreSQL database (BARE_DATABASE_URL), on orders
// of its own, through a pool of the app's size (bare-databases.ts).
import { openBarePool } from './bare-databases.js';
import { serveBareCallbacks } from './bare-callbacks-handler.js';

const pool = openBarePool();

serveBareCallbacks(
  {
    async markPaid(orderId, now) {
      const { rows } = await pool.query(
        "update orders set status = 'paid', updated_at = $1 where id = $2 and status = 'pending_payment' returning *",
        [now, orderId],
      );
      return rows[0];
    },
    async reset(orderIds) {
      await pool.query("update orders set status = 'pending_payment' where id = any($1)", [orderIds]);
    },
  },
  () => pool.end(),
);
