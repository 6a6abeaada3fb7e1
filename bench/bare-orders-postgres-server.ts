// The order creation reference on the app's PostgreSQL database (BARE_DATABASE_URL), through a
// pool of the app's size (bare-databases.ts).
import { openBarePool } from './bare-databases.js';
import { serveBareOrders, type OrderRow } from './bare-orders-handler.js';

const pool = openBarePool();

const columns: Array<keyof OrderRow> = [
  'id',
  'user_id',
  'robot_id',
  'robot_name',
  'telegram_username',
  'strategy_instructions',
  'price',
  'estimated_delivery',
  'created_date',
  'updated_at',
];
const insert = `insert into orders (${columns.join(', ')}, status) values (${columns.map((_, index) => `$${index + 1}`).join(', ')}, 'pending_payment') returning *`;

serveBareOrders(
  {
    async findUserId(token, now) {
      const { rows } = await pool.query<{ id: string }>(
        'select users.id from sessions join users on users.id = sessions.user_id where sessions.token = $1 and sessions.expires_at > $2',
        [token, now],
      );
      return rows[0]?.id;
    },
    async findRobot(id) {
      const { rows } = await pool.query<{ id: string; name: string; price: number }>(
        "select id, name, price from robots where id = $1 and status = 'active'",
        [id],
      );
      return rows[0];
    },
    async insertOrder(order) {
      const { rows } = await pool.query(
        insert,
        columns.map((column) => order[column]),
      );
      return rows[0];
    },
  },
  () => pool.end(),
);
