import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Robot files as sellers ship them, and the disguised ones an upload must refuse, built byte by
 * byte so the tests need no binary fixtures. The compiled headers follow what MetaEditor writes
 * (see robot-file-check.ts for the fields and where they were read from).
 */

export interface ZipEntry {
  name: string;
  content: Buffer;
  /** Stored (0, the default) or deflated (8). */
  method?: 0 | 8;
  /** What the central directory declares instead of the real size (a zip bomb's lie). */
  declaredSize?: number;
  /** Declares the sizes in a ZIP64 extra field, as streaming zip writers do. */
  zip64?: boolean;
  /** Sets the "encrypted" flag (traditional PKWARE encryption). */
  encrypted?: boolean;
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
}

function u64(value: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64LE(BigInt(value));
  return buffer;
}

/** A real ZIP archive (local headers, data, central directory, end record) of the entries. */
export function zipArchive(entries: ZipEntry[], options: { comment?: string } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const method = entry.method ?? 0;
    const data = method === 8 ? deflateRawSync(entry.content) : entry.content;
    const flags = 0x0800 | (entry.encrypted ? 0x0001 : 0);
    const crc = crc32(entry.content);
    const size = entry.declaredSize ?? entry.content.length;
    const local = Buffer.concat([
      u32(0x04034b50),
      u16(20),
      u16(flags),
      u16(method),
      u32(0),
      u32(crc),
      u32(data.length),
      u32(entry.content.length),
      u16(name.length),
      u16(0),
      name,
      data,
    ]);
    const zip64 = entry.zip64 ? Buffer.concat([u16(0x0001), u16(16), u64(size), u64(data.length)]) : Buffer.alloc(0);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(0x031e),
        u16(entry.zip64 ? 45 : 20),
        u16(flags),
        u16(method),
        u32(0),
        u32(crc),
        u32(entry.zip64 ? 0xffffffff : data.length),
        u32(entry.zip64 ? 0xffffffff : Math.min(size, 0xffffffff)),
        u16(name.length),
        u16(zip64.length),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
        zip64,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const comment = Buffer.from(options.comment ?? '', 'utf8');
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(directory.length),
    u32(offset),
    u16(comment.length),
    comment,
  ]);
  return Buffer.concat([...locals, directory, end]);
}

/** A plain robot archive: the compiled robot, its source and a read-me. */
export function robotZip(): Buffer {
  return zipArchive([
    { name: 'Golden Robot/Golden Robot.ex5', content: ex5File() },
    { name: 'Golden Robot/Golden Robot.mq5', content: Buffer.from(MQL_SOURCE), method: 8 },
    { name: 'Golden Robot/README.txt', content: Buffer.from('Copy the .ex5 to MQL5/Experts.\n') },
  ]);
}

/** An archive of `bytes` bytes (stored, so its size is what it weighs). */
export function zipOfSize(bytes: number, fill = 7): Buffer {
  const overhead = zipArchive([{ name: 'robot.ex5', content: Buffer.alloc(0) }]).length;
  return zipArchive([{ name: 'robot.ex5', content: Buffer.alloc(bytes - overhead, fill) }]);
}

export const MQL_SOURCE = `//+------------------------------------------------------------------+
//|                                                  Golden Robot.mq5 |
//+------------------------------------------------------------------+
#property copyright "Golden Robot © 2026"
#property strict
input double Lots = 0.1;

void OnTick()
  {
   // Scalp during the London session.
  }
`;

/** A compiled program's header: magic, program type, format byte, 0, compiler build, then the ANSI code page. */
function compiledHeader(magic: string, programType: number, build: number, size: number): Buffer {
  const file = Buffer.alloc(size, 0);
  file.write(magic, 0, 'latin1');
  file[3] = programType;
  file[4] = 0x71;
  file[5] = 0;
  file.writeUInt16LE(build, 6);
  file.writeUInt32LE(1252, 0x10);
  // The rest is encrypted code: anything.
  for (let i = 0x20; i < size; i++) file[i] = (i * 37) & 0xff;
  return file;
}

/** A MetaTrader 5 Expert Advisor (program type 2) compiled by build 3460. */
export function ex5File(size = 4096): Buffer {
  return compiledHeader('EX5', 2, 3460, size);
}

/** A MetaTrader 4 Expert Advisor compiled by MetaEditor since MT4 build 600 (2014). */
export function ex4File(size = 4096): Buffer {
  return compiledHeader('EX-', 2, 1601, size);
}

/** A MetaTrader 4 program compiled before build 600: "EX4\0", then the compiler's build and the copyright. */
export function legacyEx4File(size = 2048): Buffer {
  const file = Buffer.alloc(size, 0);
  file.write('EX4', 0, 'latin1');
  file.writeUInt32LE(0x1ac, 4);
  file.writeUInt32LE(0x17c, 8);
  file.write('Copyright © 2009, A Seller', 0x0c, 'latin1');
  return file;
}

/** The start of a Linux executable (ELF, 64-bit, x86-64) padded like a real one. */
export function elfBinary(size = 4096): Buffer {
  const file = Buffer.alloc(size, 0);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]).copy(file);
  file.writeUInt16LE(2, 16);
  file.writeUInt16LE(0x3e, 18);
  return file;
}

/** The start of a Windows executable ("MZ", the DOS stub, "PE\0\0"). */
export function windowsExecutable(size = 4096): Buffer {
  const file = Buffer.alloc(size, 0);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c);
  file.write('PE\0\0', 0x80, 'latin1');
  return file;
}

/** MQL source as MetaEditor saves it by default: UTF-16 little-endian with a byte order mark. */
export function utf16Source(text = MQL_SOURCE): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}
