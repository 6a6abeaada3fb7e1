import { Worker } from 'node:worker_threads';

/** What a render module's `renderPage` is given (`src/web/server-render.tsx`). */
export interface RenderRequest {
  location: { pathname: string; search: string; hash: string };
  language: string;
  data: unknown;
}

/** Why a render gave nothing: the module cannot be loaded at all, or this one render failed. */
export class RenderModuleUnavailable extends Error {}

/**
 * The thread's code, plain JavaScript so that it runs the same from `dist/` and from the sources
 * (tests, `npm run dev`): it imports the render module once and answers one message per render.
 * A module that cannot be imported is reported once, as `unavailable`.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const loading = import(workerData.moduleUrl);
loading.catch((error) => parentPort.postMessage({ unavailable: String(error && error.message) }));
parentPort.on('message', async ({ id, location, language, data }) => {
  try {
    const module = await loading;
    parentPort.postMessage({ id, html: await module.renderPage(location, language, data) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Reply = { id: number; html: string } | { id: number; error: string } | { unavailable: string };

interface Pending {
  resolve: (html: string) => void;
  reject: (error: Error) => void;
}

export interface RenderThreadOptions {
  /** The thread exits after this long without a render; the next render starts it again. */
  idleMs: number;
  /** A render (the thread's start included) given up after this long; the thread is stopped. */
  timeoutMs: number;
}

/**
 * The render module (React's server renderer and the whole web app, some 12 MB of heap once
 * loaded) run in a worker thread that exits when idle (decision 0026). Renders are rare: a page's
 * first screen is kept while its data is unchanged (first-paint.ts), so the main thread, which
 * answers every request, never holds React, and the thread's memory is given back between renders.
 */
export class RenderThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly moduleUrl: string,
    private readonly options: RenderThreadOptions,
  ) {}

  /** Whether the thread is running (it is started by a render and stops when idle or closed). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  render(request: RenderRequest): Promise<string> {
    clearTimeout(this.idleTimer);
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.stop(new Error(`no answer within ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      const settle = () => {
        clearTimeout(timer);
        this.pending.delete(id);
        if (this.pending.size === 0 && this.worker)
          this.idleTimer = setTimeout(() => void this.stop(), this.options.idleMs).unref();
      };
      this.pending.set(id, {
        resolve: (html) => (settle(), resolve(html)),
        reject: (error) => (settle(), reject(error)),
      });
      worker.postMessage({ id, ...request });
    });
  }

  /** Stops the thread (at shutdown, when idle, or when it failed); renders still waiting fail. */
  async close(): Promise<void> {
    await this.stop(new Error('the server is shutting down'));
  }

  private start(): Worker {
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { moduleUrl: this.moduleUrl } });
    // The thread never keeps the process alive: the server's own handles do, and close() stops it.
    worker.unref();
    worker.on('message', (reply: Reply) => {
      if ('unavailable' in reply) {
        void this.stop(new RenderModuleUnavailable(reply.unavailable));
        return;
      }
      const pending = this.pending.get(reply.id);
      if ('html' in reply) pending?.resolve(reply.html);
      else pending?.reject(new Error(reply.error));
    });
    worker.on('error', (error) => {
      if (this.worker === worker) void this.stop(error);
    });
    worker.on('exit', () => {
      if (this.worker === worker) void this.stop(new Error('the render thread exited'));
    });
    return worker;
  }

  private async stop(reason?: Error): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    for (const pending of [...this.pending.values()]) pending.reject(reason ?? new Error('stopped'));
    await worker?.terminate();
  }
}
