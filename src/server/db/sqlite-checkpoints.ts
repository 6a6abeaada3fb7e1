import { stat, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** How often the worker copies the write-ahead log into the database file. */
const CHECKPOINT_EVERY_MS = 100;
/** How often the log file is looked at (its modification time) while no worker runs. */
const WATCH_EVERY_MS = 500;
/** The worker exits after this long with nothing new to copy; the next write starts it again. */
const IDLE_AFTER_MS = 30_000;
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
 * for the next turn. After `idleTurns` turns in a row with every page copied and the log file
 * unchanged (its modification time: a checkpoint reads the log, never writes it), it says so once,
 * with that time; the app then stops it. On 'stop' it copies what came since its last turn and
 * closes its connection, which keeps the app's own close the last one, the close that folds the
 * log into the database and removes it.
 */
const WORKER_CODE = `
const { statSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.file, { fileMustExist: true });
database.pragma('synchronous = NORMAL');
const modified = () => {
  try {
    return statSync(workerData.file + '-wal').mtimeMs;
  } catch {
    return undefined;
  }
};
let quietTurns = 0;
let lastModified = modified();
const checkpoint = () => {
  const result = database.pragma('wal_checkpoint(PASSIVE)')[0];
  const modifiedNow = modified();
  quietTurns = result.log === result.checkpointed && modifiedNow === lastModified ? quietTurns + 1 : 0;
  lastModified = modifiedNow;
  if (quietTurns === workerData.idleTurns) parentPort.postMessage({ idleSince: modifiedNow ?? null });
  return result;
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'checkpoint') return parentPort.postMessage(checkpoint());
  clearInterval(timer);
  checkpoint();
  database.close();
  parentPort.close();
});
`;

/** The worker's messages: a checkpoint's result (for now()), or that it has been idle. */
type WorkerMessage = CheckpointResult | { idleSince: number | null };

export interface CheckpointOptions {
  /** How often the log's modification time is looked at while no worker runs. */
  watchMs?: number;
  /** The worker stops after this long with nothing new to copy. */
  idleMs?: number;
}

function modifiedAtNow(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Resolves when the worker has exited, however it ended (events.once would reject on its 'error'). */
function exitOf(worker: Worker): Promise<void> {
  return new Promise((resolve) => worker.once('exit', () => resolve()));
}

/** The log file's modification time, or undefined while there is no log (a stat on libuv's pool). */
function modifiedAt(file: string): Promise<number | undefined> {
  return new Promise((resolve) => stat(file, (error, stats) => resolve(error ? undefined : stats.mtimeMs)));
}

/**
 * Copies SQLite's write-ahead log into the database file on a thread of its own (decision 0025).
 * SQLite does it by default at the commit that takes the log past 1,000 pages, on the thread that
 * commits: the event loop, stopped 1 to 3 ms each time, which set the order bench's slowest answers.
 * The worker has its own connection to the file; WAL lets it copy while the app reads and writes.
 * A crash (kill -9) at any point loses nothing: the log stays and is replayed at the next open.
 *
 * The worker runs only while the shop writes (decision 0031): a thread with its own V8 heap and
 * connection holds some 8 MB, for nothing while the shop only reads. The log file's modification
 * time is looked at every 500 ms (a stat on libuv's pool; SQLite's files are never opened here):
 * a change starts the worker, which stops after 30 s with the log copied and unchanged. A write's
 * pages wait in the log until the worker has started (half a second, plus its start-up), which
 * the fallback above bounds. A write within the same clock tick as the worker's last look may go
 * unseen: its pages are then copied with the next write's, or folded in at close, and reads see
 * them all along, as they see any page of the log.
 */
export class SqliteCheckpoints {
  private worker: Worker | undefined;
  /** A worker stopping because it was idle; the next one starts once it has gone. */
  private retiring: Promise<void> | undefined;
  /** The log's modification time when the last worker stopped (or this object was made). */
  private lastSeen: number | undefined;
  private looking = false;
  private readonly watch: NodeJS.Timeout;
  /** now()'s answers, in the order the worker answers them. */
  private readonly answers: Array<{ resolve: (result: CheckpointResult) => void; reject: (error: Error) => void }> = [];
  private stopped = false;
  private readonly log: string;
  private readonly idleMs: number;

  constructor(
    private readonly database: BetterSqlite3.Database,
    private readonly file: string,
    options: CheckpointOptions = {},
  ) {
    database.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
    this.log = `${file}-wal`;
    this.idleMs = options.idleMs ?? IDLE_AFTER_MS;
    this.lastSeen = modifiedAtNow(this.log);
    // Never keeps the process alive; stop() clears it.
    this.watch = setInterval(() => this.look(), options.watchMs ?? WATCH_EVERY_MS).unref();
  }

  /** Whether the worker is running (the shop wrote within the last `idleMs`). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** A checkpoint now (starting the worker if it is not running), for tests and the operator's tools; answers what it copied. */
  async now(): Promise<CheckpointResult> {
    await this.retiring;
    if (this.stopped) throw new Error('the checkpoint worker is stopped');
    const worker = this.worker ?? this.start();
    const answer = new Promise<CheckpointResult>((resolve, reject) => this.answers.push({ resolve, reject }));
    worker.postMessage('checkpoint');
    return answer;
  }

  /** Waits for the checkpoint in progress, then closes the worker's connection; call before closing the app's. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.watch);
    await this.retiring;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await this.stopWorker(worker);
  }

  /** Starts a worker when the log changed since the last one stopped. */
  private look(): void {
    if (this.worker || this.retiring || this.looking) return;
    this.looking = true;
    void modifiedAt(this.log).then((modified) => {
      this.looking = false;
      if (this.stopped || this.worker || this.retiring) return;
      if (modified !== this.lastSeen) this.start();
    });
  }

  private start(): Worker {
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: this.file,
        everyMs: CHECKPOINT_EVERY_MS,
        idleTurns: Math.max(1, Math.round(this.idleMs / CHECKPOINT_EVERY_MS)),
      },
    });
    // The worker alone never keeps the process alive; closing the database stops it.
    worker.unref();
    worker.on('message', (message: WorkerMessage) => {
      if ('idleSince' in message) this.retire(worker, message.idleSince ?? undefined);
      else this.answers.shift()?.resolve(message);
    });
    worker.on('error', () => this.lost(worker));
    worker.on('exit', () => this.lost(worker));
    this.worker = worker;
    return worker;
  }

  /**
   * Stops an idle worker. `idleSince` is the log's modification time at the worker's last quiet
   * turn, before its last checkpoint: a write after that turn shows as a change and starts the
   * next worker (at worst one started for pages the last checkpoint already copied).
   */
  private retire(worker: Worker, idleSince: number | undefined): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.lastSeen = idleSince;
    this.retiring = this.stopWorker(worker).then(() => {
      this.retiring = undefined;
    });
  }

  /**
   * Asks the worker to stop and waits for it to exit. The worker is referenced again meanwhile: an
   * unreferenced one does not keep the event loop alive, and a process with nothing else left
   * (a script closing its database) would end before the worker had closed its connection.
   */
  private async stopWorker(worker: Worker): Promise<void> {
    const exited = exitOf(worker);
    worker.ref();
    worker.postMessage('stop');
    await exited;
  }

  /** A worker gone without being stopped: the app's connection checkpoints by itself again, as SQLite does by default. */
  private lost(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.stopped = true;
    clearInterval(this.watch);
    for (const answer of this.answers.splice(0)) answer.reject(new Error('the checkpoint worker stopped'));
    if (this.database.open) this.database.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_CHECKPOINT_PAGES}`);
  }
}
