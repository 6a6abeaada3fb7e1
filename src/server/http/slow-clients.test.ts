import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../tests/support/test-app.js';

/** Opens a raw connection, writes `text`, and resolves with what the server sent once it closed the connection. */
function holdOpen(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe.each(testDialects)('slow clients on %s', (dialect) => {
  let shop: TestApp;
  let port: number;
  beforeAll(async () => {
    shop = await createTestApp(dialect, {
      HTTP_HEADERS_TIMEOUT_SECONDS: '1',
      HTTP_REQUEST_TIMEOUT_SECONDS: '2',
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1',
    });
    port = Number(new URL(await shop.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(() => shop.close());

  it('closes a connection whose request head never ends', async () => {
    const answer = await holdOpen(port, 'GET /api/health HTTP/1.1\r\nHost: shop\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose body never finishes arriving', async () => {
    const body = '{"email":"slow@example.com"';
    const answer = await holdOpen(
      port,
      `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle kept-alive connection after answering', async () => {
    const answer = await holdOpen(port, 'GET /api/health HTTP/1.1\r\nHost: shop\r\nConnection: keep-alive\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/keep-alive: timeout=1/i);
  });
});
