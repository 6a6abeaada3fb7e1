import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { PublicCache } from '../http/public-cache.js';
import { registerStaticFiles } from '../http/static-files.js';
import { createBannersService } from '../modules/banners/banners.service.js';
import { createCatalogueService } from '../modules/catalogue/catalogue.service.js';
import { createContentPagesService } from '../modules/content-pages/content-pages.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import { registerHtmlPages } from './html.routes.js';
import { FirstPaint } from './first-paint.js';
import { PageShell } from './page-shell.js';
import { registerSeoRoutes } from './seo.routes.js';

export interface StorefrontOptions {
  /** Folder of the built web app. */
  webRoot: string;
  publicUrl: string;
  db: Kysely<Database>;
  settings: SettingsService;
  cache: PublicCache;
}

/**
 * What the browser loads: sitemap and robots.txt, the built files, and every other page rendered
 * with its meta tags and first data. Registered after every API route; it reads the shop through
 * the modules' services.
 */
export async function registerStorefront(
  app: FastifyInstance,
  { webRoot, publicUrl, db, settings, cache }: StorefrontOptions,
): Promise<void> {
  const shell = await PageShell.load(path.join(webRoot, 'index.html'));
  const catalogue = createCatalogueService(db);
  registerSeoRoutes(app, { shell, publicUrl, settings, catalogue });
  await registerStaticFiles(app, webRoot);
  const firstPaint = FirstPaint.beside(webRoot, (message) => app.log.warn(message));
  // The render thread stops with the server (SIGTERM closes the app), not only when idle.
  app.addHook('onClose', () => firstPaint.close());
  registerHtmlPages(app, {
    shell,
    publicUrl,
    settings,
    catalogue,
    banners: createBannersService(db),
    pages: createContentPagesService(db),
    cache,
    firstPaint,
  });
}
