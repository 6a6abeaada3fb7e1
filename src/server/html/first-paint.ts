import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language } from '../../shared/constants.js';
import { RenderModuleUnavailable, RenderThread } from './render-thread.js';

/**
 * The render thread stops after this long without a render (decision 0026). While it runs it
 * holds some 35–40 MB (an isolate of its own, React and the web app); starting it again costs
 * about what the first render after a start costs (0.5–2 s of CPU), paid only when a page's data
 * changed after the thread stopped.
 */
const IDLE_MS = 10_000;
/** A render, the thread's start included (some 0.3–1 s on a busy machine), given up after this. */
const RENDER_TIMEOUT_MS = 10_000;
/** Drawn screens kept, in characters: a page's is some 10–60 KB, and the oldest goes first. */
const MAX_KEPT_CHARS = 4 * 1024 * 1024;

interface Kept {
  /** Hash of the data the screen was drawn from. */
  fingerprint: string;
  html: string;
}

export interface FirstPaintOptions {
  idleMs?: number;
  timeoutMs?: number;
}

/**
 * The storefront's first paint written into the page's HTML (issue 21 §4, decision 0024): on a
 * phone, a page whose `#root` is empty shows nothing until the entry chunk has downloaded and
 * run. The browser hydrates what this writes. The render module is the web app itself, built by
 * Vite for Node beside `dist/web`; it runs in a thread of its own that exits when idle
 * (render-thread.ts, decision 0026), so the main thread never loads React's server renderer.
 * A drawn screen is kept while its page's data is unchanged: the page cache expires every few
 * seconds, the data seldom changes, and so the thread seldom runs. Without the build, or when a
 * render fails, the page goes out with an empty `#root` and the browser renders it.
 */
export class FirstPaint {
  /** Made by the first render; false without the module or once it failed to load. */
  private thread: RenderThread | false | undefined;
  private readonly threadOptions: { idleMs: number; timeoutMs: number };
  /** By page address and language; Map order is the eviction order (oldest use first). */
  private readonly kept = new Map<string, Kept>();
  private keptChars = 0;

  constructor(
    private readonly moduleFile: string,
    private readonly warn: (message: string) => void,
    { idleMs = IDLE_MS, timeoutMs = RENDER_TIMEOUT_MS }: FirstPaintOptions = {},
  ) {
    this.threadOptions = { idleMs, timeoutMs };
  }

  /** The render module beside the built web app (`<webRoot>/../ssr/`). */
  static beside(webRoot: string, warn: (message: string) => void, options?: FirstPaintOptions): FirstPaint {
    return new FirstPaint(path.join(webRoot, '..', 'ssr', 'server-render.js'), warn, options);
  }

  /** Whether the render thread is running (tests; it stops when idle). */
  get rendering(): boolean {
    return this.thread ? this.thread.running : false;
  }

  /** The markup of `#root` for the page at `pathname`, or '' to leave it to the browser. */
  async render(pathname: string, language: Language, data: unknown): Promise<string> {
    this.thread ??= existsSync(this.moduleFile)
      ? new RenderThread(pathToFileURL(this.moduleFile).href, this.threadOptions)
      : false;
    const thread = this.thread;
    if (!thread) return '';
    const key = `${pathname} ${language}`;
    const fingerprint = createHash('sha1').update(JSON.stringify(data)).digest('base64url');
    const kept = this.kept.get(key);
    if (kept?.fingerprint === fingerprint) {
      this.keep(key, kept);
      return kept.html;
    }
    try {
      const html = await thread.render({ location: { pathname, search: '', hash: '' }, language, data });
      // React writes the image preloads it found first; the head already has the page's own.
      const markup = html.replace(/^(?:<link [^>]*>)+/, '');
      this.keep(key, { fingerprint, html: markup });
      return markup;
    } catch (error) {
      if (error instanceof RenderModuleUnavailable) {
        // Once: every render waiting for the same thread was told the same.
        if (this.thread) this.warn(`first paint: cannot load ${this.moduleFile}: ${error.message}`);
        this.thread = false;
      } else {
        this.warn(`first paint of ${pathname}: ${(error as Error).message}`);
      }
      return '';
    }
  }

  /** Stops the render thread (server shutdown). */
  close(): Promise<void> {
    return this.thread ? this.thread.close() : Promise.resolve();
  }

  private keep(key: string, entry: Kept): void {
    const before = this.kept.get(key);
    if (before) {
      this.kept.delete(key);
      this.keptChars -= before.html.length;
    }
    this.kept.set(key, entry);
    this.keptChars += entry.html.length;
    for (const [oldest, { html }] of this.kept) {
      if (this.keptChars <= MAX_KEPT_CHARS) break;
      this.kept.delete(oldest);
      this.keptChars -= html.length;
    }
  }
}
