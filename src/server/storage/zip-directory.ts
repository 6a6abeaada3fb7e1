/**
 * Reads a ZIP archive's central directory (APPNOTE.TXT 6.3.10, sections 4.3.12 to 4.3.16 and
 * 4.5.3) from the end of the file, without extracting anything: the entries as the archive
 * declares them. Our own small reader instead of a dependency, because it only has to list.
 */

export type ZipProblem = 'broken' | 'empty' | 'too_many_entries' | 'unsupported';

export class ZipDirectoryError extends Error {
  constructor(readonly problem: ZipProblem) {
    super(`ZIP archive: ${problem}`);
  }
}

export interface ZipDirectoryEntry {
  /** The name as stored (UTF-8 when the archive says so, else read byte for byte). */
  name: string;
  /** What the archive says the entry weighs once extracted. */
  uncompressedSize: number;
  compressedSize: number;
  encrypted: boolean;
  method: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_RECORD_SIZE = 22;
const ZIP64_LOCATOR_SIZE = 20;
const MAX_COMMENT = 0xffff;
/** Method 99 is WinZip's AES encryption; flag bits 0 and 6 are (strong) encryption. */
const AES_METHOD = 99;
const ENCRYPTED_FLAGS = 0x0001 | 0x0040;
const UTF8_FLAG = 0x0800;

/**
 * How many bytes of an archive's end the reader needs: its end records (with the longest
 * comment), and a central directory of up to `maxDirectoryBytes`.
 */
export function zipTailBytes(maxDirectoryBytes: number): number {
  return maxDirectoryBytes + 56 + ZIP64_LOCATOR_SIZE + END_RECORD_SIZE + MAX_COMMENT;
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipDirectoryError('broken');
  return Number(value);
}

/** The end record: the last signature whose comment length reaches exactly to the end of the file. */
function findEndRecord(tail: Buffer): number {
  const lowest = Math.max(0, tail.length - END_RECORD_SIZE - MAX_COMMENT);
  for (let at = tail.length - END_RECORD_SIZE; at >= lowest; at--) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY && at + END_RECORD_SIZE + tail.readUInt16LE(at + 20) === tail.length)
      return at;
  }
  throw new ZipDirectoryError('broken');
}

/**
 * The entries of a ZIP archive of `fileSize` bytes whose last bytes are `tail`. An archive whose
 * directory does not lie wholly within `tail` is refused as having too many entries; one whose
 * records do not agree with each other, or with the file's size, as broken. `maxEntries` is
 * checked before the entries are read.
 */
export function readZipDirectory(tail: Buffer, fileSize: number, maxEntries: number): ZipDirectoryEntry[] {
  if (tail.length < END_RECORD_SIZE || tail.length > fileSize) throw new ZipDirectoryError('broken');
  const tailStart = fileSize - tail.length;
  const end = findEndRecord(tail);
  const disk = tail.readUInt16LE(end + 4);
  const directoryDisk = tail.readUInt16LE(end + 6);
  let entries = tail.readUInt16LE(end + 10);
  let directorySize = tail.readUInt32LE(end + 12);
  let directoryOffset = tail.readUInt32LE(end + 16);
  let directoryEnd = tailStart + end;
  // Archives split over several disks are from another age.
  if (disk !== 0 || directoryDisk !== 0 || tail.readUInt16LE(end + 8) !== entries)
    throw new ZipDirectoryError('unsupported');

  if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    // ZIP64: the real figures are in the ZIP64 end record, which the locator before this one points to.
    const locator = end - ZIP64_LOCATOR_SIZE;
    if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR) throw new ZipDirectoryError('broken');
    const record = safeNumber(tail.readBigUInt64LE(locator + 8)) - tailStart;
    if (record < 0 || record + 56 > locator || tail.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY)
      throw new ZipDirectoryError('broken');
    entries = safeNumber(tail.readBigUInt64LE(record + 32));
    directorySize = safeNumber(tail.readBigUInt64LE(record + 40));
    directoryOffset = safeNumber(tail.readBigUInt64LE(record + 48));
    directoryEnd = tailStart + record;
  }

  if (entries > maxEntries) throw new ZipDirectoryError('too_many_entries');
  // The directory ends where the end records begin: no gap, no overlap, no data before the
  // first entry that the offsets do not account for (a self-extracting stub, a polyglot).
  if (directoryOffset + directorySize !== directoryEnd) throw new ZipDirectoryError('broken');
  if (directoryOffset < tailStart) throw new ZipDirectoryError('too_many_entries');
  if (entries === 0) throw new ZipDirectoryError('empty');

  const directory = tail.subarray(directoryOffset - tailStart, directoryEnd - tailStart);
  const found: ZipDirectoryEntry[] = [];
  let at = 0;
  while (at < directory.length) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY)
      throw new ZipDirectoryError('broken');
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    let compressedSize = directory.readUInt32LE(at + 20);
    let uncompressedSize = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    let localOffset = directory.readUInt32LE(at + 42);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > directory.length || nameLength === 0) throw new ZipDirectoryError('broken');
    const nameBytes = directory.subarray(at + 46, at + 46 + nameLength);
    const extra = directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);

    // A field at its maximum means "see the ZIP64 extra field", which lists those fields in this order.
    const needs = [uncompressedSize, compressedSize, localOffset].map((value) => value === 0xffffffff);
    if (needs.some(Boolean)) {
      const zip64 = extraField(extra, 0x0001);
      if (!zip64) throw new ZipDirectoryError('broken');
      let field = 0;
      const take = () => {
        if (field + 8 > zip64.length) throw new ZipDirectoryError('broken');
        const value = safeNumber(zip64.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (needs[0]) uncompressedSize = take();
      if (needs[1]) compressedSize = take();
      if (needs[2]) localOffset = take();
    }
    if (localOffset + 30 + nameLength > directoryOffset || compressedSize > directoryOffset)
      throw new ZipDirectoryError('broken');

    found.push({
      name: nameBytes.toString(flags & UTF8_FLAG ? 'utf8' : 'latin1'),
      uncompressedSize,
      compressedSize,
      encrypted: (flags & ENCRYPTED_FLAGS) !== 0 || method === AES_METHOD,
      method,
    });
    at = next;
  }
  if (found.length !== entries) throw new ZipDirectoryError('broken');
  return found;
}

/** The data of the extra field with this header id, or null. */
function extraField(extra: Buffer, id: number): Buffer | null {
  for (let at = 0; at + 4 <= extra.length;) {
    const size = extra.readUInt16LE(at + 2);
    if (at + 4 + size > extra.length) return null;
    if (extra.readUInt16LE(at) === id) return extra.subarray(at + 4, at + 4 + size);
    at += 4 + size;
  }
  return null;
}

/** Whether a file starts as a ZIP archive does: with a local file header. */
export function startsAsZip(head: Buffer): boolean {
  return head.length >= 4 && head.readUInt32LE(0) === LOCAL_HEADER;
}
