// The reference for payment callbacks reaching event streams, shared by its SQLite and PostgreSQL
// servers: plain node:http doing what each callback needs at the least (the secret compared in
// constant time, the order moved to paid by a compare-and-set on its status, the changed row sent
// to the streams watching that order) and nothing else (no validation library, no timeline, no
// emails, no callback record, no licence, no rate limit).
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';

/** The two statements, on whichever database; the SQLite one answers synchronously. */
export interface BareCallbackStore {
  /** Moves a pending order to paid; answers its row, or undefined when it was not pending. */
  markPaid(orderId: string, now: string): Promise<unknown> | unknown;
  /** Puts the orders back to pending between rounds (not measured). */
  reset(orderIds: string[]): Promise<void> | void;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Listens on PORT. GET /events/<order id> holds a stream of that order's events; POST
 * /hooks/payment ({ order_id }) with the x-secret-token header pays the order and writes the row
 * to its streams; POST /reset ([ids]) puts orders back. A failure answers 500 rather than ending
 * the process mid-bench.
 */
export function serveBareCallbacks(store: BareCallbackStore, close: () => Promise<void> | void): void {
  const secret = digest(process.env.BARE_SECRET!);
  const streams = new Map<string, Set<ServerResponse>>();
  const server = createServer((request, response) => {
    const url = request.url ?? '';
    if (url === '/health') return void response.writeHead(200).end('ok');
    if (request.method === 'GET' && url.startsWith('/events/')) {
      const orderId = decodeURIComponent(url.slice('/events/'.length));
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.write('retry: 3000\n\n');
      const watching = streams.get(orderId) ?? new Set();
      streams.set(orderId, watching);
      watching.add(response);
      request.on('close', () => watching.delete(response));
      return;
    }
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      answer(url, request.headers['x-secret-token'], body).then(
        (status) => response.writeHead(status).end(),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  });

  async function answer(url: string, token: string | string[] | undefined, body: string): Promise<number> {
    if (url === '/reset') {
      await store.reset(JSON.parse(body) as string[]);
      return 200;
    }
    if (url !== '/hooks/payment') return 404;
    if (typeof token !== 'string' || !timingSafeEqual(digest(token), secret)) return 401;
    const { order_id: orderId } = JSON.parse(body) as { order_id: string };
    const row = await store.markPaid(orderId, new Date().toISOString());
    if (row === undefined) return 409;
    const event = `event: order\ndata: ${JSON.stringify(row)}\n\n`;
    for (const stream of streams.get(orderId) ?? []) stream.write(event);
    return 200;
  }

  server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
  process.once('SIGTERM', () => {
    for (const watching of streams.values()) for (const stream of watching) stream.end();
    server.close(() => void Promise.resolve(close()).finally(() => process.exit(0)));
    server.closeAllConnections();
  });
}
