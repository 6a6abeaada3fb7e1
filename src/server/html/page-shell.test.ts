import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PageShell } from './page-shell.js';

const webRoot = mkdtempSync(path.join(tmpdir(), 'page-shell-'));
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

function writeApp(manifest: object | null) {
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<html lang="en"><head><!--app-head--></head><body><!--app-data--></body>',
  );
  mkdirSync(path.join(webRoot, '.vite'), { recursive: true });
  const file = path.join(webRoot, '.vite/manifest.json');
  if (manifest) writeFileSync(file, JSON.stringify(manifest));
  else rmSync(file, { force: true });
}

describe('the page shell’s chunk preloads', () => {
  it('names the chunks of a page the entry does not load, and nothing for a page without a chunk', async () => {
    writeApp({
      'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-2.js' },
      'pages/robot-detail.tsx': { file: 'assets/robot-detail-3.js', imports: ['_react.js', '_track.js'] },
      '_track.js': { file: 'assets/track-4.js', imports: ['_format.js'] },
      '_format.js': { file: 'assets/format-5.js' },
      'pages/home.tsx': { file: 'assets/home-6.js' },
    });
    const shell = (await PageShell.load(path.join(webRoot, 'index.html')))!;
    expect(shell.pageScripts('RobotDetail')).toBe(
      [
        '\n    <link rel="modulepreload" crossorigin href="/assets/robot-detail-3.js">',
        '\n    <link rel="modulepreload" crossorigin href="/assets/track-4.js">',
        '\n    <link rel="modulepreload" crossorigin href="/assets/format-5.js">',
      ].join(''),
    );
    expect(shell.pageScripts('Home')).toBe('\n    <link rel="modulepreload" crossorigin href="/assets/home-6.js">');
    expect(shell.pageScripts('Terms')).toBe('');
  });

  it('writes the late head tags after the entry’s script and stylesheet', async () => {
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<html lang="en"><head><!--app-head--><script type="module" src="/assets/index-1.js"></script></head><body><!--app-data--></body>',
    );
    const shell = (await PageShell.load(path.join(webRoot, 'index.html')))!;
    const html = shell.render({ lang: 'fr', head: '<title>T</title>', lateHead: '<link rel="preload">', data: {} });
    expect(html).toMatch(
      /^<html lang="fr"><head><title>T<\/title><script type="module" src="\/assets\/index-1.js"><\/script><link rel="preload">\n {2}<\/head>/,
    );
  });

  it('puts a page the server drew in #root and its scripts after the first paint (boot.js)', async () => {
    writeFileSync(
      path.join(webRoot, 'index.html'),
      [
        '<html lang="en"><head><!--app-head-->',
        '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
        '    <link rel="modulepreload" crossorigin href="/assets/react-2.js">',
        '    <link rel="stylesheet" crossorigin href="/assets/index-3.css">',
        '</head><body><div id="root"></div><!--app-data--></body>',
      ].join('\n'),
    );
    const shell = (await PageShell.load(path.join(webRoot, 'index.html')))!;
    const lateHead =
      '<link rel="preload" as="image" href="/a.webp">\n    <link rel="modulepreload" crossorigin href="/assets/home-4.js">';
    const drawn = shell.render({ lang: 'en', head: '', lateHead, data: {}, root: '<main>Robots</main>' });
    expect(drawn).toContain('<script type="module" src="/boot.js" data-entry="/assets/index-1.js"></script>');
    expect(drawn).not.toContain('modulepreload');
    expect(drawn).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    expect(drawn).toContain('<link rel="preload" as="image" href="/a.webp">');
    // Inert until the browser's app takes it over (main.tsx).
    expect(drawn).toContain('<div id="root" inert><main>Robots</main></div>');
    // A page the browser draws keeps its scripts in the head, as before.
    const blank = shell.render({ lang: 'en', head: '', lateHead, data: {} });
    expect(blank).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(blank).toContain('<link rel="modulepreload" crossorigin href="/assets/home-4.js">');
    expect(blank).toContain('<div id="root"></div>');
  });

  it('preloads nothing without a manifest', async () => {
    writeApp(null);
    const shell = (await PageShell.load(path.join(webRoot, 'index.html')))!;
    expect(shell.pageScripts('RobotDetail')).toBe('');
  });
});
