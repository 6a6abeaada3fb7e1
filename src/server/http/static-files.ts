import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The built web app. Vite puts content-hashed files under /assets/: they never change, so
 * browsers keep them a year. Other public files may be replaced by a new build: one hour.
 * index.html is never served as a file; the HTML routes render it with the page's meta tags.
 */
export async function registerStaticFiles(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (response, filePath) => {
      const hashed = filePath.includes('/assets/');
      response.header('cache-control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=3600');
    },
  });
}
