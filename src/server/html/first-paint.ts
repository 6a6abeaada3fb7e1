import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language } from '../../shared/constants.js';

/** What `src/web/server-render.tsx` exports, built to `dist/ssr/server-render.js`. */
interface ServerRenderModule {
  renderPage(
    location: { pathname: string; search: string; hash: string },
    language: Language,
    data: unknown,
  ): Promise<string>;
}

/**
 * The storefront's first paint written into the page's HTML (issue 21 §4, decision 0024): on a
 * phone, a page whose `#root` is empty shows nothing until the entry chunk has downloaded and
 * run. The browser hydrates what this writes. The render module is the web app itself, built by
 * Vite for Node beside `dist/web`; it is imported on the first page that needs it (React's server
 * renderer is no weight for an instance that only answers the API). Without the build, or when a
 * render fails, the page goes out with an empty `#root` and the browser renders it.
 */
export class FirstPaint {
  private module: Promise<ServerRenderModule | null> | undefined;

  constructor(
    private readonly moduleFile: string,
    private readonly warn: (message: string) => void,
  ) {}

  /** The render module beside the built web app (`<webRoot>/../ssr/`). */
  static beside(webRoot: string, warn: (message: string) => void): FirstPaint {
    return new FirstPaint(path.join(webRoot, '..', 'ssr', 'server-render.js'), warn);
  }

  private load(): Promise<ServerRenderModule | null> {
    this.module ??= existsSync(this.moduleFile)
      ? (import(pathToFileURL(this.moduleFile).href) as Promise<ServerRenderModule>).catch((error: unknown) => {
          this.warn(`first paint: cannot load ${this.moduleFile}: ${(error as Error).message}`);
          return null;
        })
      : Promise.resolve(null);
    return this.module;
  }

  /** The markup of `#root` for the page at `pathname`, or '' to leave it to the browser. */
  async render(pathname: string, language: Language, data: unknown): Promise<string> {
    const module = await this.load();
    if (!module) return '';
    try {
      const html = await module.renderPage({ pathname, search: '', hash: '' }, language, data);
      // React writes the image preloads it found first; the head already has the page's own.
      return html.replace(/^(?:<link [^>]*>)+/, '');
    } catch (error) {
      this.warn(`first paint of ${pathname}: ${(error as Error).message}`);
      return '';
    }
  }
}
