// The reference for order creation, shared by its SQLite and PostgreSQL servers: plain node:http
// doing the app's session lookup (cookie token -> session -> user) and the same insert, and nothing
// else (no validation library, no cookie signature check, no idempotency, no emails, no events).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

export interface OrderRow {
  id: string;
  user_id: string;
  robot_id: string;
  robot_name: string;
  telegram_username: string;
  strategy_instructions: string;
  price: number;
  estimated_delivery: string;
  created_date: string;
  updated_at: string;
}

/** The three queries, on whichever database; the SQLite one answers synchronously. */
export interface BareOrderStore {
  findUserId(token: string, now: string): Promise<string | undefined> | string | undefined;
  findRobot(
    id: string,
  ):
    | Promise<{ id: string; name: string; price: number } | undefined>
    | { id: string; name: string; price: number }
    | undefined;
  /** Inserts a pending_payment order and answers the stored row. */
  insertOrder(order: OrderRow): Promise<unknown> | unknown;
}

async function createOrder(
  store: BareOrderStore,
  cookie: string | undefined,
  body: string,
): Promise<{ status: number; order?: unknown }> {
  const token = /session_token=([^.;]+)/.exec(cookie ?? '')?.[1];
  const now = new Date().toISOString();
  const userId = token ? await store.findUserId(token, now) : undefined;
  if (!userId) return { status: 401 };
  const input = JSON.parse(body) as { robot_id: string; telegram_username: string; strategy_instructions: string };
  const robot = await store.findRobot(input.robot_id);
  if (!robot) return { status: 404 };
  const delivery = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const order = await store.insertOrder({
    id: randomUUID(),
    user_id: userId,
    robot_id: robot.id,
    robot_name: robot.name,
    telegram_username: input.telegram_username,
    strategy_instructions: input.strategy_instructions,
    price: robot.price,
    estimated_delivery: delivery,
    created_date: now,
    updated_at: now,
  });
  return { status: 201, order };
}

/** Listens on PORT; any failure answers 500 rather than ending the process mid-bench. */
export function serveBareOrders(store: BareOrderStore, close: () => Promise<void> | void): void {
  const server = createServer((request, response) => {
    if (request.url === '/health') return void response.writeHead(200).end('ok');
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      createOrder(store, request.headers.cookie, body).then(
        ({ status, order }) => {
          if (order === undefined) response.writeHead(status).end();
          else response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(order));
        },
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  });
  server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
  process.once('SIGTERM', () => {
    server.close(() => void Promise.resolve(close()).finally(() => process.exit(0)));
    server.closeAllConnections();
  });
}
