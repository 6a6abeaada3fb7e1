// The payment callbacks reference on the app's own SQLite file (BARE_DB_FILE), on orders of its own.
import { openBareSqlite } from './bare-databases.js';
import { serveBareCallbacks } from './bare-callbacks-handler.js';

const database = openBareSqlite();
const markPaid = database.prepare<[string, string]>(
  "update orders set status = 'paid', updated_at = ? where id = ? and status = 'pending_payment' returning *",
);
const reset = database.prepare<[string]>("update orders set status = 'pending_payment' where id = ?");

serveBareCallbacks(
  {
    markPaid: (orderId, now) => markPaid.get(now, orderId),
    reset: database.transaction((orderIds: string[]) => {
      for (const orderId of orderIds) reset.run(orderId);
    }),
  },
  () => void database.close(),
);
