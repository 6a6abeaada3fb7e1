import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOrderSchema,
  downloadLinkSchema,
  orderDetailSchema,
  orderSchema,
  paymentStartSchema,
} from '../../../shared/schemas/orders.js';
import { BadRequestError } from '../../errors.js';
import { replyWithBody } from '../../http/send-body.js';
import { chooseLanguage } from '../../text/language.js';
import { cleanFileName } from '../../text/file-names.js';
import { RangeNotSatisfiableError, type OrderDownloads } from './order-downloads.js';
import { orderEvent, TooManyStreamsError, type OrderEvent, type OrderStreams } from './order-streams.js';
import type { OrdersService } from './orders.service.js';

export const HEARTBEAT_MS = 25_000;

const idParams = z.object({ id: z.string().min(1).max(100) });
const versionParams = idParams.extend({ versionId: z.string().min(1).max(100) });
const tokenParams = z.object({ token: z.string().min(1).max(100) });

/** Keys are opaque to us; printable ASCII keeps logs and indexes sane. */
function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(header)) {
    throw new BadRequestError('Idempotency-Key must be 1 to 200 printable ASCII characters.', {
      'headers.idempotency-key': 'Invalid value',
    });
  }
  return header;
}

/** RFC 6266: an ASCII fallback, and the exact name in UTF-8 for browsers that read it. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A request header given once, as text; a repeated header counts as absent. */
function singleHeader(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function ordersRoutes(
  orders: OrdersService,
  downloads: OrderDownloads,
  streams: OrderStreams,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/orders',
      { config: { access: 'signed-in' }, schema: { body: createOrderSchema, response: { 201: orderSchema } } },
      async (request, reply) => {
        const { order, replayed } = await orders.create(
          request.user!,
          request.body,
          idempotencyKey(request.headers['idempotency-key']),
          chooseLanguage(request),
        );
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(order);
      },
    );

    app.get(
      '/api/orders',
      { config: { access: 'signed-in' }, schema: { response: { 200: z.array(orderSchema) } } },
      (request) => orders.listOwn(request.user!),
    );

    app.get(
      '/api/orders/:id',
      { config: { access: 'owner' }, schema: { params: idParams, response: { 200: orderSchema } } },
      (request) => orders.getOwn(request.user!, request.params.id),
    );

    // The order detail page (issue 19 §5): a read of its own, so that the wizard's polling and the
    // event stream do not carry the timeline.
    app.get(
      '/api/orders/:id/detail',
      { config: { access: 'owner' }, schema: { params: idParams, response: { 200: orderDetailSchema } } },
      (request) => orders.detailOwn(request.user!, request.params.id),
    );

    app.post(
      '/api/orders/:id/payment',
      { config: { access: 'owner' }, schema: { params: idParams, response: { 200: paymentStartSchema } } },
      (request) => orders.startPayment(request.user!, request.params.id),
    );

    // The order's current version (decision 0018); the next route downloads any of its versions.
    app.post(
      '/api/orders/:id/download',
      { config: { access: 'owner' }, schema: { params: idParams, response: { 200: downloadLinkSchema } } },
      (request) =>
        downloads.issue(request.user!, request.params.id, null, {
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        }),
    );

    app.post(
      '/api/orders/:id/versions/:versionId/download',
      { config: { access: 'owner' }, schema: { params: versionParams, response: { 200: downloadLinkSchema } } },
      (request) =>
        downloads.issue(request.user!, request.params.id, request.params.versionId, {
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        }),
    );

    // Server-Sent Events (decision 0003): the current order at once, then each change.
    app.get(
      '/api/orders/:id/events',
      { config: { access: 'owner' }, schema: { params: idParams } },
      async (request, reply) => {
        const order = await orders.getOwn(request.user!, request.params.id);
        const lastEventId = request.headers['last-event-id'];
        let release: () => void;
        try {
          release = streams.reserve(request.user!.id, request.ip);
        } catch (error) {
          if (error instanceof TooManyStreamsError) reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        }
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-store',
          'x-content-type-options': 'nosniff',
          // Proxies such as nginx would otherwise hold events back in their buffer.
          'x-accel-buffering': 'no',
          // The connection serves only this stream: when the server stops and ends the stream, the
          // socket goes with it instead of lingering as keep-alive.
          connection: 'close',
        });
        let lastSent = typeof lastEventId === 'string' ? lastEventId : undefined;
        const send = (event: OrderEvent) => {
          if (event.id === lastSent) return;
          lastSent = event.id;
          raw.write(event.text);
        };
        const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
        const stop = streams.watch(order.id, send, () => raw.end());
        raw.on('close', () => {
          clearInterval(heartbeat);
          stop();
          release();
        });
        raw.write('retry: 3000\n\n');
        // Read again after watching, so no change between the two reads is missed.
        send(orderEvent(await orders.getOwn(request.user!, request.params.id).catch(() => order)));
      },
    );

    // The signed link is the proof (SPEC §7): no session, so a download manager can fetch it. One
    // link is one download, resumable with Range (decision 0008). HEAD is this route's own, not
    // Fastify's sibling route, which would read the file and announce a length of 0.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/downloads/:token',
      config: { access: 'public' },
      // Never compressed on the fly: a robot file is an archive or a compiled program that brotli
      // barely shrinks for a lot of CPU, and a compressed answer loses its Content-Length (no
      // progress bar) while its strong ETag and byte ranges describe the file as stored. Turning
      // compression off needs this route option: @fastify/compress's own list of types names
      // octet-stream, and without it the plugin still asks mime-db, which calls
      // application/octet-stream compressible.
      compress: false,
      schema: { params: tokenParams },
      handler: async (request, reply) => {
        const file = await downloads
          .open({
            token: request.params.token,
            head: request.method === 'HEAD',
            range: singleHeader(request.headers.range),
            ifRange: singleHeader(request.headers['if-range']),
            ipAddress: request.ip,
          })
          .catch((error: unknown) => {
            if (error instanceof RangeNotSatisfiableError) reply.header('content-range', `bytes */${error.size}`);
            throw error;
          });
        reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', contentDisposition(cleanFileName(file.fileName, 'robot')))
          .header('cache-control', 'private, no-store')
          .header('accept-ranges', 'bytes')
          .header('etag', file.etag);
        if (file.range) {
          reply
            .status(206)
            .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
            .header('content-length', file.range.end - file.range.start + 1);
        } else {
          reply.header('content-length', file.size);
        }
        if (!file.stream) return reply.send();
        // Written by send-body.ts rather than Fastify, so that each read buffer is reused once its
        // write completes (decision 0032).
        return replyWithBody(reply, file.stream);
      },
    });
  };
}
