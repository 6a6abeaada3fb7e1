import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FirstPaint } from './first-paint.js';

const folder = mkdtempSync(path.join(tmpdir(), 'first-paint-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A stand-in for dist/ssr/server-render.js beside a web root of its own. */
function renderModule(name: string, body: string): string {
  const webRoot = path.join(folder, name, 'web');
  mkdirSync(path.join(folder, name, 'ssr'), { recursive: true });
  writeFileSync(path.join(folder, name, 'ssr', 'server-render.js'), body);
  return webRoot;
}

describe('the server-drawn first screen', () => {
  it('is the render module’s markup, without the image preloads React writes first', async () => {
    const webRoot = renderModule(
      'ok',
      'export async function renderPage(location, language, data) {' +
        ' return `<link rel="preload" as="image" href="/a.svg"/><main>${location.pathname} ${language} ${data.name}</main>`; }',
    );
    const warnings: string[] = [];
    const firstPaint = FirstPaint.beside(webRoot, (message) => warnings.push(message));
    expect(await firstPaint.render('/robots/atlas', 'fr', { name: 'Atlas' })).toBe(
      '<main>/robots/atlas fr Atlas</main>',
    );
    expect(warnings).toEqual([]);
  });

  it('is left to the browser when the render fails, with a warning', async () => {
    const webRoot = renderModule('failing', 'export async function renderPage() { throw new Error("boom"); }');
    const warnings: string[] = [];
    const firstPaint = FirstPaint.beside(webRoot, (message) => warnings.push(message));
    expect(await firstPaint.render('/', 'en', {})).toBe('');
    expect(warnings).toEqual(['first paint of /: boom']);
  });

  it('is left to the browser when the web app was not built for the server', async () => {
    const warnings: string[] = [];
    const firstPaint = FirstPaint.beside(path.join(folder, 'nothing', 'web'), (message) => warnings.push(message));
    expect(await firstPaint.render('/', 'en', {})).toBe('');
    expect(warnings).toEqual([]);
  });
});
