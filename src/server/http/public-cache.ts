import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  body: Buffer;
  contentType: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

export const PUBLIC_CACHE_TTL_MS = 2000;

/**
 * Route options for reads answered from the cache: the cache already holds the compressed
 * bodies, so the compression plugin's per-request hooks would only cost time.
 */
export const cachedRouteOptions = { compress: false, decompress: false } as const;
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

  /** The cached entry for `key`, produced by `load` when missing or expired (once, however many ask). */
  get(key: string, contentType: string, load: () => Promise<string | Buffer>): Promise<Entry> {
    const cached = this.slots.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.entry;
    // Keys come from validated queries, but a crawler can still invent many: stay bounded.
    if (this.slots.size >= MAX_ENTRIES) this.slots.clear();
    const entry = load().then((content) => {
      const body = Buffer.isBuffer(content) ? content : Buffer.from(content);
      return { body, contentType, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    });
    const slot = { expiresAt: Date.now() + this.ttlMs, entry };
    this.slots.set(key, slot);
    entry.catch(() => {
      if (this.slots.get(key) === slot) this.slots.delete(key);
    });
    return entry;
  }

  async sendJson(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<unknown>) {
    const entry = await this.get(key, 'application/json; charset=utf-8', async () => JSON.stringify(await load()));
    return sendEntry(request, reply, entry);
  }
}

function preferredEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

export function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.header('etag', entry.etag).header('vary', 'accept-encoding').header('cache-control', 'no-cache').type(entry.contentType);
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  const encoding = entry.body.length >= 1024 ? preferredEncoding(request) : undefined;
  if (encoding === 'br') {
    entry.br ??= brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    return reply.header('content-encoding', 'br').send(entry.br);
  }
  if (encoding === 'gzip') {
    entry.gzip ??= gzipSync(entry.body, { level: 9 });
    return reply.header('content-encoding', 'gzip').send(entry.gzip);
  }
  return reply.send(entry.body);
}
