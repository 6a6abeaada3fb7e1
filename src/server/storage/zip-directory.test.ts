import { describe, expect, it } from 'vitest';
import { ex5File, robotZip, zipArchive } from '../../../tests/support/robot-files.js';
import { readZipDirectory, startsAsZip, ZipDirectoryError, type ZipProblem } from './zip-directory.js';

const read = (archive: Buffer, tail = archive) => readZipDirectory(tail, archive.length, 1000);

function problemOf(work: () => unknown): ZipProblem | null {
  try {
    work();
    return null;
  } catch (error) {
    if (error instanceof ZipDirectoryError) return error.problem;
    throw error;
  }
}

/** The archive rewritten as a ZIP64 writer ends it: a ZIP64 end record and its locator before the classic one, which says 0xFFFF. */
function withZip64End(archive: Buffer): Buffer {
  const end = archive.length - 22;
  const entries = archive.readUInt16LE(end + 10);
  const directorySize = archive.readUInt32LE(end + 12);
  const directoryOffset = archive.readUInt32LE(end + 16);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(entries), 24);
  record.writeBigUInt64LE(BigInt(entries), 32);
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(end), 8);
  locator.writeUInt32LE(1, 16);
  const classic = Buffer.from(archive.subarray(end));
  classic.writeUInt16LE(0xffff, 8);
  classic.writeUInt16LE(0xffff, 10);
  classic.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([archive.subarray(0, end), record, locator, classic]);
}

describe('the ZIP central directory reader', () => {
  it('lists the entries with their declared sizes, without extracting them', () => {
    const entries = read(robotZip());
    expect(entries.map((entry) => [entry.name, entry.uncompressedSize, entry.method, entry.encrypted])).toEqual([
      ['Golden Robot/Golden Robot.ex5', 4096, 0, false],
      ['Golden Robot/Golden Robot.mq5', expect.any(Number), 8, false],
      ['Golden Robot/README.txt', 31, 0, false],
    ]);
    expect(startsAsZip(robotZip())).toBe(true);
  });

  it('reads an archive ended by a ZIP64 end record, and sizes from ZIP64 extra fields', () => {
    const archive = withZip64End(zipArchive([{ name: 'robot.ex5', content: ex5File(), zip64: true }]));
    expect(read(archive)).toEqual([expect.objectContaining({ name: 'robot.ex5', uncompressedSize: 4096 })]);
    const bomb = withZip64End(
      zipArchive([{ name: 'robot.ex5', content: ex5File(), zip64: true, declaredSize: 5 * 2 ** 40 }]),
    );
    expect(read(bomb)[0]!.uncompressedSize).toBe(5 * 2 ** 40);
  });

  it('finds the end record behind a comment, even one holding the end signature', () => {
    const archive = zipArchive([{ name: 'a.txt', content: Buffer.from('a') }], {
      comment: `PK\u0005\u0006${' trap'.repeat(8)}`,
    });
    expect(read(archive).map((entry) => entry.name)).toEqual(['a.txt']);
  });

  it('marks encrypted entries', () => {
    expect(read(zipArchive([{ name: 'a.ex5', content: ex5File(), encrypted: true }]))[0]!.encrypted).toBe(true);
  });

  it('says what is wrong with an archive it cannot trust', () => {
    const archive = robotZip();
    // No end record.
    expect(problemOf(() => read(archive.subarray(0, archive.length - 10)))).toBe('broken');
    // Bytes before the archive that its offsets do not account for (a self-extracting stub).
    expect(problemOf(() => read(Buffer.concat([Buffer.from('MZ stub'), archive])))).toBe('broken');
    // A declared size of 0xFFFFFFFF without the ZIP64 field it announces.
    expect(problemOf(() => read(zipArchive([{ name: 'a.ex5', content: ex5File(), declaredSize: 0xffffffff }])))).toBe(
      'broken',
    );
    // An entry count that does not match the entries.
    const miscounted = Buffer.from(archive);
    miscounted.writeUInt16LE(2, miscounted.length - 22 + 8);
    miscounted.writeUInt16LE(2, miscounted.length - 22 + 10);
    expect(problemOf(() => read(miscounted))).toBe('broken');
    // Split over several disks.
    const split = Buffer.from(archive);
    split.writeUInt16LE(1, split.length - 22 + 4);
    expect(problemOf(() => read(split))).toBe('unsupported');
    expect(problemOf(() => read(zipArchive([])))).toBe('empty');
  });

  it('refuses too many entries before reading them, and a directory longer than the bytes kept', () => {
    const many = zipArchive(Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, content: Buffer.from('x') })));
    expect(problemOf(() => readZipDirectory(many, many.length, 19))).toBe('too_many_entries');
    expect(readZipDirectory(many, many.length, 20)).toHaveLength(20);
    expect(problemOf(() => readZipDirectory(many.subarray(-100), many.length, 20))).toBe('too_many_entries');
  });
});
