import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** How often the worker copies the write-ahead log into the database file. */
const CHECKPOINT_EVERY_MS = 100;
/**
 * The app's connection still checkpoints by itself once the log holds this many pages (about
 * 40 MB): a worker kept from running by a busy machine must not let the log grow without end.
 * Most of those pages are then already copied, so that checkpoint is short.
 */
const FALLBACK_CHECKPOINT_PAGES = 10_000;
/** SQLite's own default, restored if the worker fails. */
const SQLITE_DEFAULT_CHECKPOINT_PAGES = 1000;

/** What `PRAGMA wal_checkpoint` answers: pages in the log, and how many of them are in the database file. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/**
 * The worker's code, run from this string (`eval`) rather than from a file of its own, so the same
 * code runs from the sources (tsx, vitest) and from dist/ without a loader for a TypeScript worker.
 * PASSIVE never waits and never blocks the app's writers: it copies what it can and leaves the rest
 * for the next turn. Closing the connection last thing keeps the app's own close the last one,
 * which folds the log into the database and removes it.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.file, { fileMustExist: true });
database.pragma('synchronous = NORMAL');
const checkpoint = () => database.pragma('wal_checkpoint(PASSIVE)')[0];
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'checkpoint') return parentPort.postMessage(checkpoint());
  clearInterval(timer);
  database.close();
  parentPort.close();
});
`;

/**
 * Copies SQLite's write-ahead log into the database file on a thread of its own (decision 0025).
 * SQLite does it by default at the commit that takes the log past 1,000 pages, on the thread that
 * commits: the event loop, stopped 1 to 3 ms each time, which set the order bench's slowest answers.
 * The worker has its own connection to the file; WAL lets it copy while the app reads and writes.
 * A crash (kill -9) at any point loses nothing: the log stays and is replayed at the next open.
 */
export class SqliteCheckpoints {
  private readonly worker: Worker;
  private stopped = false;

  constructor(
    private readonly database: BetterSqlite3.Database,
    file: string,
  ) {
    database.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
    this.worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        everyMs: CHECKPOINT_EVERY_MS,
      },
    });
    // The worker alone never keeps the process alive; closing the database stops it.
    this.worker.unref();
    this.worker.on('error', () => this.fallBack());
    this.worker.on('exit', () => this.fallBack());
  }

  /** A checkpoint now, for tests and the operator's tools; answers what it copied. */
  async now(): Promise<CheckpointResult> {
    if (this.stopped) throw new Error('the checkpoint worker is stopped');
    const answer = once(this.worker, 'message') as Promise<[CheckpointResult]>;
    this.worker.postMessage('checkpoint');
    return (await answer)[0];
  }

  /** Waits for the checkpoint in progress, then closes the worker's connection; call before closing the app's. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const exited = once(this.worker, 'exit');
    this.worker.postMessage('stop');
    await exited;
  }

  /** A worker gone before stop(): the app's connection checkpoints by itself again, as SQLite does by default. */
  private fallBack(): void {
    if (this.stopped || !this.database.open) return;
    this.stopped = true;
    this.database.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_CHECKPOINT_PAGES}`);
  }
}
