import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageName } from '../../shared/pages.js';
import { escapeHtml, jsonForScript } from '../text/escape-html.js';

export interface ShellContent {
  lang: string;
  head: string;
  /**
   * Tags for the end of the head, after the entry's script and stylesheet, which the browser
   * should ask for first: the page's largest picture and its chunks.
   */
  lateHead?: string;
  /** First data for the page, read by the browser before it calls the API. */
  data: unknown;
  /** The page's first screen, drawn by the server (first-paint.ts); the browser hydrates it. */
  root?: string;
}

/**
 * The built index.html, split once at its placeholders so that each page is three string
 * concatenations. Vite writes the template; the server fills `<!--app-head-->` and
 * `<!--app-data-->`.
 */
export class PageShell {
  /** The chunks the entry loads by itself, which a page's preloads need not name again. */
  private readonly entryChunks = new Set<string>();

  private constructor(
    private readonly parts: [string, string, string],
    private readonly manifest: ViteManifest,
  ) {
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
    if (entry) collectImports(manifest, entry, this.entryChunks);
  }

  static async load(indexFile: string): Promise<PageShell | null> {
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      return null;
    }
    const [beforeHead, rest] = splitOnce(html, '<!--app-head-->', indexFile);
    const [middle, afterData] = splitOnce(rest, '<!--app-data-->', indexFile);
    return new PageShell([beforeHead, middle, afterData], await readManifest(path.dirname(indexFile)));
  }

  /**
   * `<link rel="modulepreload">` for the chunks of a storefront page (src/web/pages/<page>.tsx)
   * that the entry does not already load. The entry imports each page lazily, once it runs: named
   * in the HTML, they download beside the entry instead of after it, a round trip less before the
   * page's first paint.
   */
  pageScripts(page: PageName): string {
    const pageKey = `pages/${page.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}.tsx`;
    if (!this.manifest[pageKey]) return '';
    const chunks = new Set<string>();
    collectImports(this.manifest, pageKey, chunks);
    return [...chunks]
      .filter((key) => !this.entryChunks.has(key))
      .map((key) => `\n    <link rel="modulepreload" crossorigin href="/${escapeHtml(this.manifest[key]!.file)}">`)
      .join('');
  }

  /** The built app's stylesheet links, for pages the server writes entirely (Our Products). */
  stylesheets(): string {
    return (this.parts.join('').match(/<link rel="stylesheet"[^>]*>/g) ?? []).join('\n');
  }

  render(content: ShellContent): string {
    const [beforeHead, headEnd, afterData] = this.parts;
    let middle = content.lateHead ? headEnd.replace('</head>', `${content.lateHead}\n  </head>`) : headEnd;
    if (content.root) {
      middle = scriptsAfterPaint(middle).replace('<div id="root"></div>', `<div id="root" inert>${content.root}</div>`);
    }
    const data = `<script type="application/json" id="app-data">${jsonForScript(content.data)}</script>`;
    return (
      beforeHead.replace(/<html lang="[^"]*"/, `<html lang="${content.lang}"`) +
      content.head +
      middle +
      data +
      afterData
    );
  }
}

/**
 * A page the server drew shows without its scripts: `boot.js` (src/web/public/) asks for the entry
 * once the page is painted, so that on a slow line the stylesheet and the page's largest picture
 * have the connection to themselves (issue 21 §4). The entry then loads its chunks itself.
 */
function scriptsAfterPaint(html: string): string {
  return html
    .replace(/\n\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      '<script type="module" src="/boot.js" data-entry="$1"></script>',
    );
}

function splitOnce(text: string, marker: string, file: string): [string, string] {
  const index = text.indexOf(marker);
  if (index < 0) throw new Error(`${file} lacks the ${marker} placeholder`);
  return [text.slice(0, index), text.slice(index + marker.length)];
}

/** Vite's build manifest (build.manifest in vite.config.ts): each source's chunk and its static imports. */
type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The manifest beside the built index.html, or none (a test's hand-written index.html has none). */
async function readManifest(webRoot: string): Promise<ViteManifest> {
  try {
    return JSON.parse(await readFile(path.join(webRoot, '.vite/manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return {};
  }
}

/** `key` and every chunk it imports statically, directly or not. */
function collectImports(manifest: ViteManifest, key: string, into: Set<string>): void {
  if (into.has(key) || !manifest[key]) return;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) collectImports(manifest, imported, into);
}
