import path from 'node:path';
import { Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import { ROBOT_FILE_EXTENSIONS } from '../../shared/constants.js';
import {
  ROBOT_ZIP_MAX_ENTRIES,
  ROBOT_ZIP_MAX_UNCOMPRESSED_BYTES,
  type RobotFileRefusal,
} from '../../shared/robot-files.js';
import { AppError } from '../errors.js';
import { withoutHiddenCharacters } from '../text/file-names.js';
import { readZipDirectory, startsAsZip, zipTailBytes, ZipDirectoryError, type ZipProblem } from './zip-directory.js';

export type RobotFileExtension = (typeof ROBOT_FILE_EXTENSIONS)[number];

/**
 * The extension of an accepted robot file name (lower case), or null: the type an upload is
 * checked against, taken from the name before a byte is stored (an order's delivery, a robot's
 * release).
 */
export function robotFileExtension(fileName: string): RobotFileExtension | null {
  const extension = path.extname(withoutHiddenCharacters(fileName).trim()).slice(1).toLowerCase();
  return (ROBOT_FILE_EXTENSIONS as readonly string[]).includes(extension) ? (extension as RobotFileExtension) : null;
}

const refusalMessages: Record<RobotFileRefusal, string> = {
  empty: 'The file is empty.',
  not_text:
    'This is not source code: a .mq4, .mq5 or .py file must be text, in UTF-8 or in UTF-16 with a byte order mark as MetaEditor saves it.',
  not_compiled:
    'This is not a compiled MetaTrader program: an .ex4 or .ex5 file starts with the header MetaEditor writes.',
  archive_broken: 'This is not a readable ZIP archive.',
  archive_empty: 'The archive is empty.',
  archive_encrypted: 'The archive is protected by a password, so clients could not open it. Upload it without one.',
  archive_too_large: `The archive would take more than ${ROBOT_ZIP_MAX_UNCOMPRESSED_BYTES / (1024 * 1024)} MB once extracted.`,
  archive_too_many_entries: `The archive lists more than ${ROBOT_ZIP_MAX_ENTRIES} files.`,
  archive_unsafe_path:
    'The archive holds a file that would be extracted outside its folder (an absolute path or "..").',
};

/** A robot file whose content is not what its name says. */
export class RobotFileRefusedError extends AppError {
  constructor(readonly reason: RobotFileRefusal) {
    super(422, 'robot_file_refused', refusalMessages[reason], { 'body.file': reason });
  }
}

interface ContentCheck {
  /** Looks at the next bytes; throws RobotFileRefusedError as soon as they show the file is wrong. */
  take(chunk: Buffer): void;
  /** Decides once every byte was seen. */
  finish(): void;
}

/**
 * Starts of executables and archives: a source file that begins with one is a binary renamed.
 * ELF (Linux), MZ (Windows), Mach-O (macOS, both byte orders, fat), ZIP, gzip, 7-Zip, RAR, WebAssembly.
 */
const binaryMagics = [
  [0x7f, 0x45, 0x4c, 0x46],
  [0x4d, 0x5a],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  [0x50, 0x4b, 0x03, 0x04],
  [0x1f, 0x8b],
  [0x37, 0x7a, 0xbc, 0xaf],
  [0x52, 0x61, 0x72, 0x21],
  [0x00, 0x61, 0x73, 0x6d],
].map((magic) => Buffer.from(magic));

/** Bytes of a source file read before its encoding is decided: enough for a byte order mark or a magic. */
const TEXT_HEAD_BYTES = 4;

/**
 * MQL and Python source: text in UTF-8 (with or without a byte order mark), or in UTF-16 with its
 * byte order mark, as MetaEditor saves files by default. Every byte is decoded strictly, so any
 * invalid sequence refuses the file; a NUL character never belongs in source, and a file that
 * starts like an executable is one, whatever decodes.
 */
class TextCheck implements ContentCheck {
  private head: Buffer[] = [];
  private headBytes = 0;
  private decoder: TextDecoder | null = null;
  private sawText = false;

  take(chunk: Buffer): void {
    if (this.decoder) return this.decode(chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes >= TEXT_HEAD_BYTES) this.start();
  }

  finish(): void {
    if (!this.decoder) this.start();
    this.decode(Buffer.alloc(0), false);
    if (!this.sawText) throw new RobotFileRefusedError('empty');
  }

  private start(): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (head.length === 0) throw new RobotFileRefusedError('empty');
    const encoding =
      head[0] === 0xff && head[1] === 0xfe ? 'utf-16le' : head[0] === 0xfe && head[1] === 0xff ? 'utf-16be' : 'utf-8';
    if (encoding === 'utf-8' && binaryMagics.some((magic) => head.subarray(0, magic.length).equals(magic)))
      throw new RobotFileRefusedError('not_text');
    this.decoder = new TextDecoder(encoding, { fatal: true });
    this.decode(head);
  }

  private decode(bytes: Buffer, stream = true): void {
    let text: string;
    try {
      text = this.decoder!.decode(bytes, { stream });
    } catch {
      throw new RobotFileRefusedError('not_text');
    }
    if (text.includes('\0')) throw new RobotFileRefusedError('not_text');
    if (text.length > 0) this.sawText = true;
  }
}

/** A compiled program's header is checked from this many bytes; no real one is shorter. */
const COMPILED_HEADER_BYTES = 64;

/**
 * Whether a file starts as MetaEditor's compiled programs do. No format is documented: this is
 * read from several hundred compiled programs that MetaQuotes ships with its terminals and that sellers
 * publish in public repositories (decision 0008):
 * - .ex5 (MetaTrader 5, compiler builds 3219 to 3460 seen): "EX5", a program type byte, a format
 *   byte (0x70/0x71), 0x00, the compiler's build (16 bits), then the code page (1252, 936) at
 *   0x10 and the encrypted code.
 * - .ex4 since MT4 build 600 (2014), compiled by the same compiler (builds 1601 to 2408 seen): the
 *   same header with "EX-".
 * - .ex4 before build 600: "EX4" and a NUL, then the compiler's version and the copyright text.
 * The program types seen are 1 (script), 2 (Expert Advisor), 3 (library) and 4 (indicator); 5 is
 * allowed for MetaTrader 5 services, which came later and of which no sample was at hand.
 */
export function isCompiledProgram(extension: 'ex4' | 'ex5', head: Buffer): boolean {
  if (head.length < COMPILED_HEADER_BYTES) return false;
  const magic = head.toString('latin1', 0, 3);
  const currentHeader = head[3]! >= 1 && head[3]! <= 5 && head[5] === 0;
  if (extension === 'ex5') return magic === 'EX5' && currentHeader;
  return (magic === 'EX-' && currentHeader) || head.toString('latin1', 0, 4) === 'EX4\0';
}

class CompiledCheck implements ContentCheck {
  private head: Buffer[] = [];
  private headBytes = 0;
  private checked = false;

  constructor(private readonly extension: 'ex4' | 'ex5') {}

  take(chunk: Buffer): void {
    if (this.checked) return;
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes >= COMPILED_HEADER_BYTES) this.check();
  }

  finish(): void {
    if (this.headBytes === 0) throw new RobotFileRefusedError('empty');
    if (!this.checked) this.check();
  }

  private check(): void {
    if (!isCompiledProgram(this.extension, Buffer.concat(this.head))) throw new RobotFileRefusedError('not_compiled');
    this.checked = true;
    this.head = [];
  }
}

/** The largest central directory we read: 1000 entries of generous names and extra fields. */
const MAX_ZIP_DIRECTORY_BYTES = 1024 * 1024;

const zipRefusals: Record<ZipProblem, RobotFileRefusal> = {
  broken: 'archive_broken',
  unsupported: 'archive_broken',
  empty: 'archive_empty',
  too_many_entries: 'archive_too_many_entries',
};

/** An entry that an unzip tool would write outside the folder it extracts into. */
function isUnsafeEntryName(name: string): boolean {
  const path = name.replaceAll('\\', '/');
  return path.startsWith('/') || /^[a-z]:/i.test(path) || path.includes('\0') || path.split('/').includes('..');
}

/**
 * A ZIP archive within limits, judged from its central directory (the entries listed, nothing
 * extracted): only the first bytes and the last ones (the directory and the end records) are
 * kept while the file streams through.
 */
class ZipCheck implements ContentCheck {
  private readonly tailLimit = zipTailBytes(MAX_ZIP_DIRECTORY_BYTES);
  private head = Buffer.alloc(0);
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private size = 0;

  take(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.head.length < 4) this.head = Buffer.concat([this.head, chunk.subarray(0, 4 - this.head.length)]);
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    while (this.tail.length > 1 && this.tailBytes - this.tail[0]!.length >= this.tailLimit)
      this.tailBytes -= this.tail.shift()!.length;
  }

  finish(): void {
    if (this.size === 0) throw new RobotFileRefusedError('empty');
    const tail = Buffer.concat(this.tail);
    let entries;
    try {
      entries = readZipDirectory(
        tail.subarray(Math.max(0, tail.length - this.tailLimit)),
        this.size,
        ROBOT_ZIP_MAX_ENTRIES,
      );
    } catch (error) {
      if (error instanceof ZipDirectoryError) throw new RobotFileRefusedError(zipRefusals[error.problem]);
      throw error;
    }
    if (!startsAsZip(this.head)) throw new RobotFileRefusedError('archive_broken');
    let declared = 0;
    for (const entry of entries) {
      if (isUnsafeEntryName(entry.name)) throw new RobotFileRefusedError('archive_unsafe_path');
      if (entry.encrypted) throw new RobotFileRefusedError('archive_encrypted');
      declared += entry.uncompressedSize;
      if (declared > ROBOT_ZIP_MAX_UNCOMPRESSED_BYTES) throw new RobotFileRefusedError('archive_too_large');
    }
  }
}

function contentCheck(extension: RobotFileExtension): ContentCheck {
  switch (extension) {
    case 'zip':
      return new ZipCheck();
    case 'ex4':
    case 'ex5':
      return new CompiledCheck(extension);
    case 'mq4':
    case 'mq5':
    case 'py':
      return new TextCheck();
  }
}

/**
 * A stream that passes a robot file through unchanged and fails with RobotFileRefusedError when
 * its content is not what its extension says: as soon as the bytes show it (a binary named .mq4
 * fails on its first chunk), or at the end (a ZIP archive is judged by its directory). Put between
 * the upload and the storage, whose put publishes nothing from a stream that fails.
 */
export function robotFileCheck(extension: RobotFileExtension): Transform {
  const check = contentCheck(extension);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        check.take(chunk);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        check.finish();
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}
