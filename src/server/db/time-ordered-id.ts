import { randomBytes } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562) and the instant it names. Rows written by one process
 * in the same millisecond still sort in the order they were written: the 12 bits after
 * the timestamp count within the millisecond, and a clock that steps back keeps the last
 * instant. A log listed "newest first" by (instant, id) therefore never swaps two steps
 * of one request, which random ids did when they shared a millisecond.
 */
export interface TimeOrderedId {
  id: string;
  /** The instant in the id, as the ISO text stored beside it. */
  at: string;
}

const COUNTER_LIMIT = 0x1000;
/**
 * Random bytes drawn a few kilobytes at a time, as crypto.randomUUID does: a draw for each id cost
 * more than the rest of the id, and every new order's email takes one (issue 21 §2).
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function sixteenRandomBytes(): Buffer {
  if (poolOffset + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const bytes = Buffer.allocUnsafe(16);
  pool.copy(bytes, 0, poolOffset, poolOffset + 16);
  poolOffset += 16;
  return bytes;
}
let lastMs = 0;
let counter = 0;

export function timeOrderedId(now: number = Date.now()): TimeOrderedId {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter === COUNTER_LIMIT) {
    // 4,096 ids in one millisecond: borrow the next one rather than repeat an order.
    lastMs += 1;
    counter = 0;
  }
  const bytes = sixteenRandomBytes();
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return {
    id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    at: new Date(lastMs).toISOString(),
  };
}
