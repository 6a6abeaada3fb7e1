import type { ServerResponse } from 'node:http';
import { pipeline, Writable, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { giveBackReadBuffer } from '../storage/read-buffers.js';

/**
 * Sends `body` as the answer's body (its status and headers already written), one chunk at a
 * time, and gives each chunk back to the read buffers once the socket's write of it has
 * completed: the only moment a buffer is known to be free (read-buffers.ts). `stream.pipe`, which
 * Fastify uses for a stream, writes without a callback, so the chunk's end is never known there.
 *
 * Resolves when the answer has ended or was cut short; either way `body` is then finished or
 * destroyed. A body that fails after the headers left can only cut the connection, as Fastify
 * would, so that the client sees an incomplete answer and not a complete wrong one: that failure
 * is what the promise resolves to (null for a complete answer or a client that went away).
 */
export function sendBody(res: ServerResponse, body: Readable): Promise<Error | null> {
  let clientGone = false;
  const socketWriter = new Writable({
    // One chunk in flight: the next one is read while this one is written.
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, callback) {
      res.write(chunk, (error) => {
        // A write that fails is a connection that broke: the client's side, not the body's.
        if (error) clientGone = true;
        else giveBackReadBuffer(chunk);
        callback(error);
      });
    },
    final(callback) {
      res.end(() => callback());
    },
  });
  // A client gone: its writes may never call back, so stop here and let the body close.
  const onClose = () => {
    if (res.writableFinished) return;
    clientGone = true;
    socketWriter.destroy(new Error('The client closed the connection.'));
  };
  res.once('close', onClose);
  return new Promise((resolve) => {
    pipeline(body, socketWriter, (error) => {
      res.off('close', onClose);
      if (error && !res.destroyed) res.destroy();
      resolve(error && !clientGone ? error : null);
    });
  });
}

/**
 * Answers `reply` with its status and headers as set, and `body` through sendBody. Fastify then
 * runs no onSend hook for the answer (onResponse hooks still run): for answers that need none,
 * such as a robot file, whose route turns compression off and whose security headers are set on
 * request. A failure after the headers left is logged; it can only have cut the connection.
 */
export async function replyWithBody(reply: FastifyReply, body: Readable): Promise<void> {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) reply.raw.setHeader(name, value);
  reply.raw.writeHead(reply.statusCode);
  const failed = await sendBody(reply.raw, body);
  if (failed) reply.log.error({ err: failed }, 'an answer failed after its headers were sent');
}
