import { readFile } from 'node:fs/promises';
import { jsonForScript } from '../text/escape-html.js';

export interface ShellContent {
  lang: string;
  head: string;
  /** First data for the page, read by the browser before it calls the API. */
  data: unknown;
}

/**
 * The built index.html, split once at its placeholders so that each page is three string
 * concatenations. Vite writes the template; the server fills `<!--app-head-->` and
 * `<!--app-data-->`.
 */
export class PageShell {
  private constructor(private readonly parts: [string, string, string]) {}

  static async load(indexFile: string): Promise<PageShell | null> {
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      return null;
    }
    const [beforeHead, rest] = splitOnce(html, '<!--app-head-->', indexFile);
    const [middle, afterData] = splitOnce(rest, '<!--app-data-->', indexFile);
    return new PageShell([beforeHead, middle, afterData]);
  }

  /** The built app's stylesheet links, for pages the server writes entirely (Our Products). */
  stylesheets(): string {
    return (this.parts.join('').match(/<link rel="stylesheet"[^>]*>/g) ?? []).join('\n');
  }

  render(content: ShellContent): string {
    const [beforeHead, middle, afterData] = this.parts;
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

function splitOnce(text: string, marker: string, file: string): [string, string] {
  const index = text.indexOf(marker);
  if (index < 0) throw new Error(`${file} lacks the ${marker} placeholder`);
  return [text.slice(0, index), text.slice(index + marker.length)];
}
