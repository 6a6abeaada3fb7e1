// References for the orders bench: GET /file streams one file as an attachment (the download);
// GET /events holds Server-Sent Events streams and POST /publish writes one event to all of them.
import { createReadStream, statSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';

const file = process.env.BARE_FILE!;
const streams = new Set<ServerResponse>();

const server = createServer((request, response) => {
  if (request.url === '/file') {
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': statSync(file).size,
      'content-disposition': 'attachment; filename="robot.zip"',
    });
    // A client that leaves mid-file must close the file and not end this server.
    pipeline(createReadStream(file), response, () => undefined);
    return;
  }
  if (request.url === '/events') {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write('retry: 3000\n\n');
    streams.add(response);
    request.on('close', () => streams.delete(response));
    return;
  }
  if (request.url === '/publish') {
    request.resume();
    request.on('end', () => {
      const event = `event: order\ndata: ${JSON.stringify({ status: 'paid', at: Date.now() })}\n\n`;
      for (const stream of streams) stream.write(event);
      response.writeHead(200).end();
    });
    return;
  }
  response.writeHead(200).end('ok');
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.once('SIGTERM', () => {
  for (const stream of streams) stream.end();
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
