// The reference for order creation: plain node:http on the app's own SQLite file, doing the same
// session lookup (cookie token -> session -> user) and the same insert, and nothing else (no
// validation library, no cookie signature check, no idempotency, no emails, no events).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import BetterSqlite3 from 'better-sqlite3';

const database = new BetterSqlite3(process.env.BARE_DB_FILE!);
database.pragma('journal_mode = WAL');
database.pragma('synchronous = NORMAL');
database.pragma('busy_timeout = 5000');
const findUser = database.prepare('select users.id from sessions join users on users.id = sessions.user_id where sessions.token = ? and sessions.expires_at > ?');
const findRobot = database.prepare("select id, name, price from robots where id = ? and status = 'active'");
const insert = database.prepare(
  "insert into orders (id, user_id, robot_id, robot_name, telegram_username, strategy_instructions, price, status, estimated_delivery, created_date, updated_at) values (?, ?, ?, ?, ?, ?, ?, 'pending_payment', ?, ?, ?) returning *",
);

const server = createServer((request, response) => {
  if (request.url === '/health') return void response.writeHead(200).end('ok');
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const token = /session_token=([^.;]+)/.exec(request.headers.cookie ?? '')?.[1];
    const now = new Date().toISOString();
    const user = token ? (findUser.get(token, now) as { id: string } | undefined) : undefined;
    if (!user) return void response.writeHead(401).end();
    const input = JSON.parse(body) as { robot_id: string; telegram_username: string; strategy_instructions: string };
    const robot = findRobot.get(input.robot_id) as { id: string; name: string; price: number } | undefined;
    if (!robot) return void response.writeHead(404).end();
    const delivery = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const order = insert.get(randomUUID(), user.id, robot.id, robot.name, input.telegram_username, input.strategy_instructions, robot.price, delivery, now, now);
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(order));
  });
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
