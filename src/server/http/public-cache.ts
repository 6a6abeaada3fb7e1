import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

type Encoding = 'br' | 'gzip';

interface Entry {
  body: Buffer;
  contentType: string;
  etag: string;
  /** Compressed copies, once made; made in the background (see compressed()). */
  br?: Buffer;
  gzip?: Buffer;
  compressing?: Set<Encoding>;
}

export const PUBLIC_CACHE_TTL_MS = 2000;

/**
 * Route options for reads answered from the cache: the cache already holds the compressed
 * bodies, so the compression plugin's per-request hooks would only cost time.
 */
export const cachedRouteOptions = { compress: false, decompress: false } as const;
/** Keys come from normalised, known parameters only; the bound is a second line of defence. */
const MAX_ENTRIES = 500;

/**
 * Serialized (and, on demand, compressed) answers to the storefront's public reads. Every visitor
 * sees the same catalogue, so serializing and compressing it once per change instead of once
 * per request is most of the server's work saved.
 *
 * Writes made through this instance call invalidate() and are visible at once. Another instance
 * sharing a PostgreSQL database is seen after at most the TTL.
 */
export class PublicCache {
  private readonly slots = new Map<string, { expiresAt: number; entry: Promise<Entry> }>();
  private readonly values = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(private readonly ttlMs = PUBLIC_CACHE_TTL_MS) {}

  /** Number of cached answers (tests check that hostile queries add none). */
  get size(): number {
    return this.slots.size;
  }

  invalidate(): void {
    this.slots.clear();
    this.values.clear();
  }

  /** A value (not a response) kept under the same rules, e.g. the public settings every page reads. */
  memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.values.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.value as Promise<T>;
    const value = load();
    const slot = { expiresAt: Date.now() + this.ttlMs, value };
    this.values.set(key, slot);
    value.catch(() => {
      if (this.values.get(key) === slot) this.values.delete(key);
    });
    return value;
  }

  /** The entry for `key` when cached and fresh; never loads anything. */
  fresh(key: string): Promise<Entry> | undefined {
    const cached = this.slots.get(key);
    return cached && cached.expiresAt > Date.now() ? cached.entry : undefined;
  }

  /**
   * The cached entry for `key`, produced by `load` when missing or expired (once, however many
   * ask). Callers build keys from the parameters their answer depends on, normalised, and only
   * for things that exist: a query string a client invents must not create an entry.
   */
  get(key: string, contentType: string, load: () => Promise<string | Buffer>): Promise<Entry> {
    const fresh = this.fresh(key);
    if (fresh) return fresh;
    const cached = this.slots.get(key);
    // Full: drop the oldest entry only, so the pages everyone reads stay cached.
    if (!cached && this.slots.size >= MAX_ENTRIES) this.slots.delete(this.slots.keys().next().value!);
    const previous = cached?.entry;
    const entry = load().then(async (content) => {
      const body = Buffer.isBuffer(content) ? content : Buffer.from(content);
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      // Unchanged since it expired: keep the entry and the compressed copies it already has.
      const before = previous ? await previous.catch(() => undefined) : undefined;
      return before?.etag === etag ? before : { body, contentType, etag };
    });
    const slot = { expiresAt: Date.now() + this.ttlMs, entry };
    this.slots.delete(key);
    this.slots.set(key, slot);
    entry.catch(() => {
      if (this.slots.get(key) === slot) this.slots.delete(key);
    });
    return entry;
  }

  /**
   * A JSON read from the cache. The cached body bypasses Fastify's serializer, so it is encoded
   * here with the route's response schema (the one the route declares for its documentation):
   * only the declared fields are stored and sent, as from any other route.
   */
  async sendJson<Value>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: z.ZodType<Value>,
    load: () => Promise<Value>,
  ) {
    const entry = await this.get(key, 'application/json; charset=utf-8', async () =>
      JSON.stringify(z.encode(schema, await load())),
    );
    return sendEntry(request, reply, entry);
  }
}

function preferredEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

const compressors: Record<Encoding, (body: Buffer, done: (error: Error | null, result: Buffer) => void) => void> = {
  br: (body, done) => brotliCompress(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }, done),
  gzip: (body, done) => gzip(body, { level: 9 }, done),
};

/**
 * The entry's body in `encoding` when it is ready. Otherwise compression starts on the thread
 * pool and this answer goes uncompressed: a miss never makes the event loop (and every other
 * visitor) wait for a compressor.
 */
function compressed(entry: Entry, encoding: Encoding): Buffer | undefined {
  const ready = entry[encoding];
  if (ready) return ready;
  entry.compressing ??= new Set();
  if (!entry.compressing.has(encoding)) {
    entry.compressing.add(encoding);
    compressors[encoding](entry.body, (error, result) => {
      if (!error) entry[encoding] = result;
    });
  }
  return undefined;
}

export function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply
    .header('etag', entry.etag)
    .header('vary', 'accept-encoding')
    .header('cache-control', 'no-cache')
    .type(entry.contentType);
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  const encoding = entry.body.length >= 1024 ? preferredEncoding(request) : undefined;
  const body = encoding ? compressed(entry, encoding) : undefined;
  if (encoding && body) return reply.header('content-encoding', encoding).send(body);
  return reply.send(entry.body);
}
