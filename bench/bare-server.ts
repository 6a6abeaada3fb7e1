// The baseline: plain node:http answering every request with the bytes the app sent for one
// target. Whatever the app does beyond writing those bytes (routing, validation, database,
// serialisation, headers) is what separates its figures from these.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    process.stderr.write(`bare-server: ${name} is required\n`);
    process.exit(1);
  }
  return value;
}

const body = readFileSync(requiredEnv('BARE_BODY_FILE'));
const headers = { 'content-type': requiredEnv('BARE_CONTENT_TYPE'), 'content-length': String(body.length) };

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(Number(requiredEnv('PORT')), process.env.HOST ?? '127.0.0.1');

process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  // Keep-alive sockets left by the load generator would otherwise hold close() open.
  server.closeAllConnections();
});
