import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
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

/** Stand-in renders that name the thread they ran in and count the renders of that thread. */
const countingModule =
  'import { threadId } from "node:worker_threads"; let renders = 0; globalThis.firstPaintStandIn = true;' +
  ' export async function renderPage(location, language, data) { renders++; return `<main>${threadId} ${renders} ${data.n}</main>`; }';

afterEach(() => vi.useRealTimers());

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
    await firstPaint.close();
    expect(warnings).toEqual([]);
  });

  it('is left to the browser when the render fails, with a warning', async () => {
    const webRoot = renderModule('failing', 'export async function renderPage() { throw new Error("boom"); }');
    const warnings: string[] = [];
    const firstPaint = FirstPaint.beside(webRoot, (message) => warnings.push(message));
    expect(await firstPaint.render('/', 'en', {})).toBe('');
    await firstPaint.close();
    expect(warnings).toEqual(['first paint of /: boom']);
  });

  it('is left to the browser when the web app was not built for the server', async () => {
    const warnings: string[] = [];
    const firstPaint = FirstPaint.beside(path.join(folder, 'nothing', 'web'), (message) => warnings.push(message));
    expect(await firstPaint.render('/', 'en', {})).toBe('');
    expect(warnings).toEqual([]);
  });

  it('is drawn in a thread of its own: the main thread never loads the render module', async () => {
    const firstPaint = FirstPaint.beside(renderModule('thread', countingModule), () => undefined);
    const html = await firstPaint.render('/', 'en', { n: 1 });
    await firstPaint.close();
    expect(html).toMatch(/^<main>[1-9]\d* 1 1<\/main>$/);
    expect(Object.hasOwn(globalThis, 'firstPaintStandIn')).toBe(false);
  });

  it('is drawn again only when the page’s data changed', async () => {
    const firstPaint = FirstPaint.beside(renderModule('kept', countingModule), () => undefined);
    const first = await firstPaint.render('/', 'en', { n: 1 });
    expect(await firstPaint.render('/', 'en', { n: 1 })).toBe(first);
    const changed = await firstPaint.render('/', 'en', { n: 2 });
    const otherLanguage = await firstPaint.render('/', 'fr', { n: 2 });
    await firstPaint.close();
    expect(changed.split(' ').slice(1)).toEqual(['2', '2</main>']);
    expect(otherLanguage.split(' ').slice(1)).toEqual(['3', '2</main>']);
  });

  it('runs its thread only while there are renders: it stops when idle and starts again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const firstPaint = FirstPaint.beside(renderModule('idle', countingModule), () => undefined, { idleMs: 1000 });
    const first = await firstPaint.render('/', 'en', { n: 1 });
    expect(firstPaint.rendering).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(firstPaint.rendering).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(firstPaint.rendering).toBe(false);
    const again = await firstPaint.render('/', 'en', { n: 2 });
    await firstPaint.close();
    // A new thread: another thread id, and its first render.
    expect(again.split(' ')[0]).not.toBe(first.split(' ')[0]);
    expect(again.split(' ').slice(1)).toEqual(['1', '2</main>']);
  });

  it('stops its thread when the server closes', async () => {
    const firstPaint = FirstPaint.beside(renderModule('closing', countingModule), () => undefined);
    await firstPaint.render('/', 'en', { n: 1 });
    expect(firstPaint.rendering).toBe(true);
    await firstPaint.close();
    expect(firstPaint.rendering).toBe(false);
  });

  it('is left to the browser when the render module cannot be loaded, with one warning', async () => {
    const webRoot = renderModule('broken', 'export const = ;');
    const warnings: string[] = [];
    const firstPaint = FirstPaint.beside(webRoot, (message) => warnings.push(message));
    expect(await Promise.all([firstPaint.render('/', 'en', {}), firstPaint.render('/', 'fr', {})])).toEqual(['', '']);
    expect(await firstPaint.render('/', 'en', {})).toBe('');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^first paint: cannot load .*server-render\.js: /);
    expect(firstPaint.rendering).toBe(false);
  });

  it('gives up a render that never answers, and draws the next one in a new thread', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const webRoot = renderModule(
      'hanging',
      'export async function renderPage(location) { if (location.pathname === "/hang") for (;;); return "<main>ok</main>"; }',
    );
    const warnings: string[] = [];
    const firstPaint = FirstPaint.beside(webRoot, (message) => warnings.push(message), { timeoutMs: 5000 });
    const hanging = firstPaint.render('/hang', 'en', {});
    await vi.advanceTimersByTimeAsync(5000);
    expect(await hanging).toBe('');
    expect(warnings).toEqual(['first paint of /hang: no answer within 5000 ms']);
    expect(await firstPaint.render('/', 'en', {})).toBe('<main>ok</main>');
    await firstPaint.close();
  });
});
