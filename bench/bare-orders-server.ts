// The order creation reference on the app's own SQLite file (BARE_DB_FILE).
import { openBareSqlite } from './bare-databases.js';
import { serveBareOrders, type OrderRow } from './bare-orders-handler.js';

const database = openBareSqlite();
const findUser = database.prepare<[string, string], { id: string }>(
  'select users.id from sessions join users on users.id = sessions.user_id where sessions.token = ? and sessions.expires_at > ?',
);
const findRobot = database.prepare<[string], { id: string; name: string; price: number }>(
  "select id, name, price from robots where id = ? and status = 'active'",
);
const insert = database.prepare<OrderRow>(
  "insert into orders (id, user_id, robot_id, robot_name, telegram_username, strategy_instructions, price, status, estimated_delivery, created_date, updated_at) values (@id, @user_id, @robot_id, @robot_name, @telegram_username, @strategy_instructions, @price, 'pending_payment', @estimated_delivery, @created_date, @updated_at) returning *",
);

serveBareOrders(
  {
    findUserId: (token, now) => findUser.get(token, now)?.id,
    findRobot: (id) => findRobot.get(id),
    insertOrder: (order) => insert.get(order),
  },
  () => void database.close(),
);
