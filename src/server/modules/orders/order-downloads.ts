import { pipeline, Transform, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_DOWNLOADS_PER_ORDER, SIGNED_DOWNLOAD_TTL_SECONDS } from '../../../shared/constants.js';
import { closedOrderStatuses, downloadableStatus } from '../../../shared/order-states.js';
import type { DownloadFetchOutcome, DownloadLink } from '../../../shared/schemas/orders.js';
import type { CurrentUser } from '../../auth/access.js';
import { AppError, ForbiddenError, NotFoundError } from '../../errors.js';
import type { ByteRange, Storage } from '../../storage/storage.js';
import type { DownloadLinks } from './download-links.js';
import type { OrderStatusChanger } from './order-status.js';
import type { OrdersRepository } from './orders.repository.js';

/**
 * What one link's answers may send or have in flight in all, as a multiple of the file's size:
 * the file once, plus the bytes of a dropped connection that were sent but never received and
 * are fetched again, and ranges asked in parallel by a download manager.
 */
const LINK_BYTE_BUDGET = 2;

export interface DownloadRequestContext {
  ipAddress: string | null;
  userAgent: string | null;
}

/** One GET or HEAD of a download link, with what the client said about ranges. */
export interface DownloadFetch {
  token: string;
  head: boolean;
  range: string | undefined;
  ifRange: string | undefined;
  ipAddress: string | null;
}

export interface DownloadAnswer {
  fileName: string;
  /** The whole file's size. */
  size: number;
  /** A strong validator of the file, so that a resumed download is known to be of the same file. */
  etag: string;
  /** The bytes answered (206), or null for the whole file (200). */
  range: ByteRange | null;
  /** The bytes, or null for a HEAD request. */
  stream: Readable | null;
}

/** 416: the range starts past the file's end; the answer names the size (Content-Range: bytes *\/size). */
export class RangeNotSatisfiableError extends AppError {
  constructor(readonly size: number) {
    super(416, 'range_not_satisfiable', 'The requested range lies past the end of the file.');
  }
}

const fileUnavailable = () => new AppError(409, 'file_unavailable', 'The robot file is not available yet.');
const invalidLink = () => new ForbiddenError('This download link has expired or is not valid.');
const fileGone = () => new NotFoundError('This file is no longer available.');
/** A refunded or cancelled order: its file will not be available again (decision 0014). */
const orderClosed = () => new ForbiddenError('This order can no longer be downloaded.');
const linkUsed = () =>
  new AppError(
    410,
    'download_link_used',
    'This download link was already used. Ask for a new download from My Orders.',
  );

/**
 * The range a Range header asks for (RFC 9110 §14): one range of bytes, `start-end`, `start-`, or
 * the last `-n` bytes. Null when the header is to be ignored and the whole file answered, as RFC
 * 9110 allows for several ranges, another unit or an invalid range; 'unsatisfiable' when it starts
 * past the end.
 */
export function requestedRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1) };
}

/**
 * Downloads of delivered robot files (SPEC §5, §7; decision 0008): each of the two downloads of
 * each of an order's versions (decision 0018) is one signed link, and each link is one download. Its first fetch claims it; later
 * fetches may only continue it with Range (a dropped connection resumed) within its hour; once
 * its answers have sent as many bytes as the file has, it answers no more. Every fetch is
 * logged, and a link dies when its order leaves the downloadable status.
 */
export class OrderDownloads {
  constructor(
    private readonly deps: {
      orders: OrdersRepository;
      links: DownloadLinks;
      storage: Storage;
      status: OrderStatusChanger;
      publicUrl: string;
      log: FastifyBaseLogger;
    },
  ) {}

  /**
   * Counts one of the downloads of the order's version (its current one when `versionId` is null;
   * each version has its own, decision 0018) and answers its link.
   */
  async issue(
    user: CurrentUser,
    id: string,
    versionId: string | null,
    context: DownloadRequestContext,
  ): Promise<DownloadLink> {
    const { orders } = this.deps;
    // Both reads at once: on PostgreSQL each is a round trip, and the version says nothing until
    // the order is known to be the client's.
    const [order, version] = await Promise.all([
      orders.findOwn(id, user.id),
      versionId === null ? orders.versions.current(id) : orders.versions.find(id, versionId),
    ]);
    if (!order) throw new NotFoundError('Order not found.');
    if (versionId !== null && !version) throw new NotFoundError('This order has no such version.');
    if (order.status !== downloadableStatus || !version) throw fileUnavailable();
    const issued = await orders.issueDownload(id, version.id, user.id, {
      ipAddress: context.ipAddress,
      userAgent: context.userAgent?.slice(0, 500) ?? null,
    });
    if (!issued) {
      const now = await orders.versions.findById(version.id);
      if (now && now.download_count >= MAX_DOWNLOADS_PER_ORDER)
        throw new AppError(409, 'download_limit_reached', 'The download limit of this version is reached.');
      throw fileUnavailable();
    }
    const expiresAt = Date.now() + SIGNED_DOWNLOAD_TTL_SECONDS * 1000;
    const token = this.deps.links.sign(issued.downloadId, issued.version.file_path, expiresAt);
    this.deps.status.announce(id);
    return {
      url: `${this.deps.publicUrl}/api/downloads/${token}`,
      expires_at: new Date(expiresAt).toISOString(),
      remaining: Math.max(0, MAX_DOWNLOADS_PER_ORDER - issued.version.download_count),
    };
  }

  /** The file (or the part of it) behind a link, when the link may still answer; logged either way. */
  async open(fetch: DownloadFetch): Promise<DownloadAnswer> {
    const { orders, storage } = this.deps;
    const claims = this.deps.links.verify(fetch.token);
    if (!claims) throw invalidLink();
    const found = await orders.findDownloadToFetch(claims.downloadId);
    // The link of a deleted order: nothing to log it against.
    if (!found) throw invalidLink();
    const { download, orderStatus, version } = found;
    const entry = {
      orderId: download.order_id,
      downloadId: claims.downloadId,
      ipAddress: fetch.ipAddress,
      rangeHeader: fetch.range ?? null,
    };
    const refuse = async (outcome: DownloadFetchOutcome, error: AppError) => {
      await orders.recordDownloadFetch({ ...entry, outcome });
      return error;
    };

    if (claims.expiresAtMs <= Date.now()) throw await refuse('refused_expired', invalidLink());
    // "Downloadable" is asked now, at every fetch: a link dies when its order leaves that status
    // (an administrator's change, a refund) and when its version's file is gone.
    if (orderStatus && closedOrderStatuses.includes(orderStatus))
      throw await refuse('refused_unavailable', orderClosed());
    if (orderStatus !== downloadableStatus || !version || !claims.matches(version.file_path))
      throw await refuse('refused_unavailable', fileGone());
    const filePath = version.file_path;
    const stored = await storage.stat(filePath);
    if (!stored) throw await refuse('refused_unavailable', fileGone());
    if (download.completed_at) throw await refuse('refused_used', linkUsed());

    const etag = `"${claims.fileTag}"`;
    // If-Range names the file the client holds the first part of: another file means the whole one.
    const asked = fetch.range !== undefined && (fetch.ifRange === undefined || fetch.ifRange === etag);
    const range = asked ? requestedRange(fetch.range!, stored.size) : null;
    if (range === 'unsatisfiable') throw await refuse('refused_range', new RangeNotSatisfiableError(stored.size));
    const fileName = version.file_name;
    const answer = { fileName, size: stored.size, etag, range };

    if (fetch.head) {
      // A HEAD sends nothing: it does not spend the link, but says what a GET would get.
      if (download.first_fetched_at && !range) throw await refuse('refused_used', linkUsed());
      await orders.recordDownloadFetch({ ...entry, outcome: 'head' });
      return { ...answer, stream: null };
    }

    const bytes = range ? range.end - range.start + 1 : stored.size;
    const granted = await orders.reserveDownloadFetch({
      ...entry,
      outcome: range ? 'range' : 'full',
      filePath,
      bytes,
      budget: LINK_BYTE_BUDGET * stored.size,
      continuation: range !== null,
    });
    if (!granted) throw linkUsed();
    const file = await storage.open(filePath, range ?? undefined).catch(async (error: unknown) => {
      await orders.settleDownloadFetch(claims.downloadId, bytes, 0, stored.size);
      throw error;
    });
    if (!file) {
      await orders.settleDownloadFetch(claims.downloadId, bytes, 0, stored.size);
      throw fileGone();
    }
    return { ...answer, stream: this.counted(file.stream, claims.downloadId, bytes, stored.size) };
  }

  /**
   * The file's bytes, counted on their way to the client. When the answer ends, whole or cut
   * short, its reservation becomes the bytes it sent; the end of a whole answer waits for that,
   * so a client that has every byte finds the link spent.
   */
  private counted(source: Readable, downloadId: string, reserved: number, fileSize: number): Readable {
    let sent = 0;
    let settled: Promise<void> | null = null;
    const settle = () =>
      (settled ??= this.deps.orders
        .settleDownloadFetch(downloadId, reserved, sent, fileSize)
        .catch((error: unknown) =>
          this.deps.log.error({ err: error, downloadId }, 'the bytes of a download could not be settled'),
        ));
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        sent += chunk.length;
        callback(null, chunk);
      },
      flush(callback) {
        void settle().then(() => callback());
      },
    });
    counter.once('close', () => void settle());
    // A closed answer destroys the counter, and the pipeline the file's stream with it.
    pipeline(source, counter, () => undefined);
    return counter;
  }
}
