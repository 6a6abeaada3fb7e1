import { close, open, read } from 'node:fs';
import { Readable } from 'node:stream';
import { giveBackReadBuffer, READ_BUFFER_BYTES, takeReadBuffer } from './read-buffers.js';

/**
 * Bytes `start` to `end` (excluded) of a file, read into the reused read buffers. Each chunk is
 * a read buffer (or its first bytes): a consumer that knows when it is done with a chunk gives it
 * back with giveBackReadBuffer; any other consumer simply keeps it (read-buffers.ts).
 *
 * Not fs.createReadStream: that allocates a new buffer per read, which is what read-buffers.ts
 * exists to avoid.
 */
export class FileReader extends Readable {
  private fd: number | null = null;
  private reading = false;
  /** A destroy that came during a read: the file is closed when that read ends. */
  private closeAfterRead: (() => void) | null = null;

  constructor(
    private readonly file: string,
    private position: number,
    private readonly end: number,
  ) {
    // One buffer read ahead while the previous one is being written.
    super({ highWaterMark: READ_BUFFER_BYTES });
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.file, 'r', (error, fd) => {
      if (error) return callback(error);
      this.fd = fd;
      callback();
    });
  }

  override _read(): void {
    const left = this.end - this.position;
    if (left <= 0) {
      this.push(null);
      return;
    }
    // A read shorter than a buffer (a small file, or a file's last bytes) gets a buffer of its
    // own size, never a shared one: a small image, whose consumer gives nothing back, must not
    // cost 256 KiB.
    const buffer = left < READ_BUFFER_BYTES ? Buffer.allocUnsafe(left) : takeReadBuffer();
    this.reading = true;
    read(this.fd!, buffer, 0, Math.min(left, buffer.length), this.position, (error, bytesRead) => {
      this.reading = false;
      if (this.closeAfterRead) {
        giveBackReadBuffer(buffer);
        this.closeAfterRead();
        return;
      }
      if (error) {
        giveBackReadBuffer(buffer);
        this.destroy(error);
        return;
      }
      if (bytesRead === 0) {
        // The file became shorter than it was when opened.
        giveBackReadBuffer(buffer);
        this.push(null);
        return;
      }
      this.position += bytesRead;
      this.push(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const fd = this.fd;
    if (fd === null) return callback(error);
    this.fd = null;
    const closeFile = () => close(fd, () => callback(error));
    // Closing the descriptor under a read in flight could read another file opened meanwhile.
    if (this.reading) this.closeAfterRead = closeFile;
    else closeFile();
  }
}
