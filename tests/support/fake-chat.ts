import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface FakeChat {
  url: string;
  requests: Array<{ body: unknown; headers: IncomingMessage['headers'] }>;
  /** What the next requests get: a status and a JSON body, after an optional delay. */
  answer: { status: number; body: unknown; delayMs?: number };
  close(): Promise<void>;
}

/** A real HTTP server standing in for the chat workflow. */
export async function startFakeChat(): Promise<FakeChat> {
  const fake: Omit<FakeChat, 'url' | 'close'> = { requests: [], answer: { status: 200, body: { response: 'Hello from the workflow' } } };
  const server: Server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    fake.requests.push({ body: raw ? JSON.parse(raw) : undefined, headers: request.headers });
    const { status, body, delayMs } = fake.answer;
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (response.destroyed) return;
    response.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/chat`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  }) as FakeChat;
}
