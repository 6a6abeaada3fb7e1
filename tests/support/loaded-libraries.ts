// Builds the app on a fresh SQLite shop in a process of its own, serves a few requests, and prints
// as JSON which of the libraries the app must not load at start are loaded, with the answers. A
// test of its own process: a library is loaded once per process, whatever test loaded it first.
import { createRequire } from 'node:module';
import { createTestApp } from './test-app.js';

/** Libraries no request of the storefront needs; each is a path inside node_modules. */
const NOT_AT_START = [
  '/node_modules/ajv/',
  '/node_modules/fast-json-stringify/index.js',
  '/node_modules/@fastify/ajv-compiler/',
];

const shop = await createTestApp('sqlite');
try {
  const invalid = await shop.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: 'nope' },
  });
  const valid = await shop.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: 'reader@example.com', extra: 'ignored' },
  });
  const health = await shop.app.inject({ method: 'GET', url: '/api/health' });
  // Every CommonJS module of the process, whether required or imported from ES modules.
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  process.stdout.write(
    JSON.stringify({
      loaded: NOT_AT_START.filter((library) => loaded.some((file) => file.includes(library))),
      invalid: { status: invalid.statusCode, body: invalid.json() as unknown },
      valid: { status: valid.statusCode, body: valid.json() as unknown },
      health: { status: health.statusCode, body: health.json() as unknown },
    }),
  );
} finally {
  await shop.close();
}
